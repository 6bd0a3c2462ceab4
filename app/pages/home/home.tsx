import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect } from 'react';
import { Link } from 'wouter';
import type { MoneyInfo } from '../../../contract/responses';
import { useMoneyInfo } from '../../api/userinfo';
import { appConfig } from '../../lib/config';
import { whenIdle } from '../../lib/idle';
import { releaseHomeSnapshot, saveHomeSnapshot } from '../../state/home-snapshot';
import { networkAtom } from '../../state/network';
import { sessionAtom } from '../../state/session';
import { useAtom, useAtomValue } from '../../state/store';
import { amountsHiddenAtom } from '../../state/privacy';
import { BalanceCard } from '../../ui/balance-card';
import { HideAmountsButton } from '../../ui/hide-amounts-button';
import { Icon, type IconPath } from '../../ui/icons';
import {
  assetsIcon,
  bindingIcon,
  fundLogIcon,
  inviteIcon,
  rechargeIcon,
  recordsIcon,
  supportIcon,
  teamIcon,
  tutorialIcon,
  withdrawIcon,
} from '../../ui/page-icons';
import { noNetworkTipText } from '../../ui/no-network-tip';
import { PATHS } from '../../lib/paths';

/**
 * Takes over from the copy of this screen the boot script painted, once the figures (or their
 * error) are here; then keeps that copy current for the next open (see app/boot).
 */
function useHomeSnapshot(money: MoneyInfo | undefined, failed: boolean): void {
  const { i18n } = useLingui();
  const session = useAtomValue(sessionAtom);
  const amountsHidden = useAtomValue(amountsHiddenAtom);
  const { cachedAt } = useAtomValue(networkAtom);
  const hasFigures = money !== undefined;
  useLayoutEffect(() => {
    if (hasFigures || failed) releaseHomeSnapshot();
  }, [hasFigures, failed]);
  // Whatever changes what Home shows (figures, their date, hidden amounts, language, nickname)
  // takes a new copy, once the browser is idle.
  const locale = i18n.locale;
  useEffect(() => {
    if (!money || !session) return;
    const asOf = cachedAt ?? new Date().toISOString();
    const tip = noNetworkTipText(i18n, asOf);
    whenIdle(() => saveHomeSnapshot({ user: session.id, hidden: amountsHidden, asOf, tip }));
  }, [money, session, amountsHidden, cachedAt, i18n, locale]);
}

export default function HomePage() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { data: money, error, mutate } = useMoneyInfo();
  const [amountsHidden, setAmountsHidden] = useAtom(amountsHiddenAtom);
  useHomeSnapshot(money, error !== undefined);

  const tiles: { href: string; label: string; icon: IconPath }[] = [
    { href: PATHS.fundLog, label: t`Fund log`, icon: fundLogIcon },
    { href: PATHS.tutorial, label: t`Beginner tutorial`, icon: tutorialIcon },
    { href: PATHS.invite, label: t`Invite friends`, icon: inviteIcon },
    { href: PATHS.customerService, label: t`Customer support`, icon: supportIcon },
    { href: PATHS.assets, label: t`My assets`, icon: assetsIcon },
    { href: PATHS.team, label: t`Team list`, icon: teamIcon },
    { href: PATHS.binding, label: t`Account binding`, icon: bindingIcon },
    { href: PATHS.withdrawalRecords, label: t`Account details`, icon: recordsIcon },
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
      <BalanceCard
        money={money}
        failed={error !== undefined && !money}
        onRetry={() => void mutate()}
        action={<HideAmountsButton hidden={amountsHidden} onToggle={() => setAmountsHidden(!amountsHidden)} />}
      >
        <div className="actions">
          <Link href={PATHS.recharge} className="button">
            <Icon path={rechargeIcon} />
            <Trans>Recharge</Trans>
          </Link>
          <Link href={PATHS.withdraw} className="button secondary">
            <Icon path={withdrawIcon} />
            <Trans>Withdraw</Trans>
          </Link>
        </div>
      </BalanceCard>
      <nav aria-label={t`Shortcuts`}>
        <ul className="tiles">
          {tiles.map((tile) => (
            <li key={tile.href}>
              <Link href={tile.href}>
                <span className="tile-icon">
                  <Icon path={tile.icon} />
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
