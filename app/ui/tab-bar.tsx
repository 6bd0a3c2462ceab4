import { Link } from 'wouter';
import { Icon, type IconPath } from './icons';

export interface Tab {
  href: string;
  label: string;
  icon: IconPath;
  current: boolean;
}

export function TabBar({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  return (
    <nav className="tab-bar" aria-label={label} data-testid="tab-bar">
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={tab.current ? 'page' : undefined}>
          <Icon path={tab.icon} />
          <span>{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}
