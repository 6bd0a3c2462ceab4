import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from './icons';

export function Menu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="menu" aria-label={label}>
      {children}
    </ul>
  );
}

/** A row that goes to a page. */
export function MenuLink({ href, icon, label }: { href: string; icon: IconName; label: string }) {
  return (
    <li>
      <Link href={href} className="menu-item">
        <Icon name={icon} />
        <span className="label">{label}</span>
        <Icon name="chevron" className="chevron" />
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
  icon: IconName;
  label: string;
  value?: string;
  onPress: () => void;
  testId?: string;
}) {
  return (
    <li>
      <button type="button" className="menu-item" onClick={onPress} data-testid={testId}>
        <Icon name={icon} />
        <span className="label">{label}</span>
        {value ? <span className="value">{value}</span> : null}
      </button>
    </li>
  );
}
