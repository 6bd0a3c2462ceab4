/**
 * Line icons drawn on a 24-unit grid, one path each. This module holds the icons the first screen
 * needs (bars, tabs, language, offline) and the Icon itself; the rest live in page-icons.ts, so the
 * first load does not carry them. Decorative unless given a label by their parent.
 */
declare const iconBrand: unique symbol;
/** A path from this module, never an arbitrary string. */
export type IconPath = string & { readonly [iconBrand]: true };

export const backIcon = 'M15 5l-7 7 7 7' as IconPath;
export const homeIcon = 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z' as IconPath;
export const hallIcon = 'M4 20V10M10 20V4M16 20v-7M22 20H2' as IconPath;
export const orderIcon = 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01' as IconPath;
export const myIcon = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' as IconPath;

export const globeIcon =
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z' as IconPath;
export const offlineIcon =
  'M2 8.5a15 15 0 0 1 4.5-2.8M10 5.1A15 15 0 0 1 22 8.5M5 12.5a10 10 0 0 1 3.5-2M13.5 10.2A10 10 0 0 1 19 12.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18' as IconPath;

/** An icon is always sized by `.icon`; `variant` adds a modifier such as `chevron`. */
export function Icon({ path, variant }: { path: IconPath; variant?: 'chevron' }) {
  return (
    <svg
      className={variant ? `icon ${variant}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
