import type { ReactNode } from 'react';

export interface TabOption<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * A segmented choice (networks, account types, list filters). Arrow keys, Home and End move the
 * selection and the focus together, as a tab list does.
 */
export function Tabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly TabOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const select = (index: number, tab: HTMLElement) => {
    const next = options[index];
    if (!next) return;
    onChange(next.value);
    (tab.parentElement?.children[index] as HTMLElement | undefined)?.focus();
  };
  const targetOf = (key: string): number | undefined => {
    const index = options.findIndex((option) => option.value === value);
    const last = options.length - 1;
    if (key === 'ArrowRight') return index === last ? 0 : index + 1;
    if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
    if (key === 'Home') return 0;
    if (key === 'End') return last;
    return undefined;
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          tabIndex={option.value === value ? 0 : -1}
          className="tab"
          onClick={() => onChange(option.value)}
          onKeyDown={(event) => {
            const target = targetOf(event.key);
            if (target === undefined) return;
            event.preventDefault();
            select(target, event.currentTarget);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
