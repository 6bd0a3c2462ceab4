import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconPath } from './icons';
import { chevronIcon } from './page-icons';

export function Menu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="menu" aria-label={label}>
      {children}
    </ul>
  );
}

/** A row that goes to a page. */
export function MenuLink({ href, icon, label }: { href: string; icon: IconPath; label: string }) {
  return (
    <li>
      <Link href={href} className="menu-item">
        <Icon path={icon} />
        <span className="label">{label}</span>
        <Icon path={chevronIcon} variant="chevron" />
      </Link>
    </li>
  );
}

/** A row that does something here, showing its current value. */
export function MenuButton({
  icon,
  label,
  value,
  onPress,
  testId,
}: {
  icon: IconPath;
  label: string;
  value?: string;
  onPress: () => void;
  testId?: string;
}) {
  return (
    <li>
      <button type="button" className="menu-item" onClick={onPress} data-testid={testId}>
        <Icon path={icon} />
        <span className="label">{label}</span>
        {value ? <span className="value">{value}</span> : null}
      </button>
    </li>
  );
}
