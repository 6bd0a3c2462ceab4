import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useMoneyInfo } from '../../api/userinfo';
import { appConfig } from '../../lib/config';
import { sessionAtom } from '../../state/session';
import { useAtomValue } from '../../state/store';
import { BalanceCard } from '../../ui/balance-card';
import { Icon, type IconName } from '../../ui/icons';
import { ErrorState } from '../../ui/states';

export default function HomePage() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { data: money, error, mutate } = useMoneyInfo();

  const tiles: { href: string; label: string; icon: IconName }[] = [
    { href: '/pages/mine/asset-log', label: t`Fund log`, icon: 'fundLog' },
    { href: '/pages/index/beginner', label: t`Beginner tutorial`, icon: 'tutorial' },
    { href: '/pages/mine/promotion', label: t`Invite friends`, icon: 'invite' },
    { href: '/pages/index/service', label: t`Customer support`, icon: 'support' },
    { href: '/pages/mine/property', label: t`My assets`, icon: 'assets' },
    { href: '/pages/mine/team', label: t`Team list`, icon: 'team' },
    { href: '/pages/mine/binding', label: t`Account binding`, icon: 'binding' },
    { href: '/pages/mine/records', label: t`Account details`, icon: 'records' },
  ];

  return (
    <>
      <div className="auth-head">
        <div>
          <p className="muted small">{appConfig.appName}</p>
          <p className="section-title">
            <Trans>Hello, {session?.nickname ?? ''}</Trans>
          </p>
        </div>
      </div>
      {error && !money ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <BalanceCard money={money}>
          <div className="actions">
            <Link href="/pages/mine/rechange" className="button">
              <Icon name="recharge" />
              <Trans>Recharge</Trans>
            </Link>
            <Link href="/pages/mine/withdrawl" className="button secondary">
              <Icon name="withdraw" />
              <Trans>Withdraw</Trans>
            </Link>
          </div>
        </BalanceCard>
      )}
      <nav aria-label={t`Shortcuts`}>
        <ul className="tiles">
          {tiles.map((tile) => (
            <li key={tile.href}>
              <Link href={tile.href}>
                <span className="tile-icon">
                  <Icon name={tile.icon} />
                </span>
                {tile.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
