import { Trans, useLingui } from '@lingui/react/macro';
import { logOut } from '../../api/auth';
import { useMoneyInfo, useUserInfo } from '../../api/userinfo';
import { appConfig } from '../../lib/config';
import { activeLanguageAtom, languageChoiceAtom } from '../../state/language';
import { sessionAtom } from '../../state/session';
import { useAtom, useAtomValue, useSetAtom } from '../../state/store';
import { chooseTheme, themeAtom } from '../../state/theme';
import { languageSheetOpenAtom } from '../../state/ui';
import { amountsHiddenAtom } from '../../state/privacy';
import { Avatar } from '../../ui/avatar';
import { BalanceCard } from '../../ui/balance-card';
import { HideAmountsButton } from '../../ui/hide-amounts-button';
import { GuardedButton } from '../../ui/guarded-button';
import { Icon, globeIcon } from '../../ui/icons';
import {
  assetsIcon,
  bellIcon,
  bindingIcon,
  fundLogIcon,
  infoIcon,
  inviteIcon,
  logoutIcon,
  profileIcon,
  rechargeIcon,
  recordsIcon,
  securityIcon,
  teamIcon,
  themeIcon,
  walletIcon,
  withdrawIcon,
} from '../../ui/page-icons';
import { Menu, MenuButton, MenuLink } from '../../ui/menu';
import { InstallEntry } from './install-entry';
import { PATHS } from '../../lib/paths';

export default function MyPage() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { data: money, error, mutate } = useMoneyInfo();
  // The level an operator sets shows without a new sign-in.
  const { data: user } = useUserInfo();
  const language = useAtomValue(activeLanguageAtom);
  const languageChoice = useAtomValue(languageChoiceAtom);
  const theme = useAtomValue(themeAtom);
  const openLanguages = useSetAtom(languageSheetOpenAtom);
  const [amountsHidden, setAmountsHidden] = useAtom(amountsHiddenAtom);

  if (!session) return null;
  const level = user?.vip ?? session.vip;
  const vip = level > 0 ? t`VIP ${level}` : t`Member`;
  const themeName = theme === 'subject1' ? t`Blue and red` : t`Red and blue`;

  return (
    <>
      <section className="card profile-head" aria-label={t`Profile`}>
        <Avatar path={user?.avatar ?? session.avatar} name={session.nickname || session.account} />
        <div>
          <h2>
            {session.nickname}
            <span className="vip-label">{vip}</span>
          </h2>
          <p className="muted small">
            <Trans>Account: {session.account}</Trans>
          </p>
        </div>
      </section>

      <BalanceCard
        money={money}
        failed={error !== undefined && !money}
        onRetry={() => void mutate()}
        action={<HideAmountsButton hidden={amountsHidden} onToggle={() => setAmountsHidden(!amountsHidden)} />}
      />

      <Menu label={t`My account`}>
        <MenuLink href={PATHS.personalInfo} icon={profileIcon} label={t`Personal information`} />
        <MenuLink href={PATHS.recharge} icon={rechargeIcon} label={t`Recharge`} />
        <MenuLink href={PATHS.withdraw} icon={withdrawIcon} label={t`Withdraw`} />
        <MenuLink href={PATHS.withdrawalRecords} icon={recordsIcon} label={t`Withdrawal records`} />
        <MenuLink href={PATHS.interestWallet} icon={walletIcon} label={t`Interest wallet`} />
        <MenuLink href={PATHS.assets} icon={assetsIcon} label={t`My assets`} />
        <MenuLink href={PATHS.fundLog} icon={fundLogIcon} label={t`Fund log`} />
        <MenuLink href={PATHS.binding} icon={bindingIcon} label={t`Account binding`} />
        <MenuLink href={PATHS.security} icon={securityIcon} label={t`Security`} />
        <MenuLink href={PATHS.team} icon={teamIcon} label={t`My team`} />
        <MenuLink href={PATHS.invite} icon={inviteIcon} label={t`Invite friends`} />
      </Menu>

      <Menu label={t`Settings`}>
        <MenuButton
          icon={globeIcon}
          label={t`Language`}
          value={languageChoice === null ? t`Auto (${language.name})` : language.name}
          onPress={() => openLanguages(true)}
          testId="language-menu"
        />
        <MenuButton
          icon={themeIcon}
          label={t`Theme`}
          value={themeName}
          onPress={() => chooseTheme(theme === 'subject1' ? 'subject2' : 'subject1')}
        />
        <MenuLink href={PATHS.notifications} icon={bellIcon} label={t`Notifications`} />
        <InstallEntry />
        <li>
          <div className="menu-item">
            <Icon path={infoIcon} />
            <span className="label">
              <Trans>App version</Trans>
            </span>
            <span className="value">{appConfig.appVersion}</span>
          </div>
        </li>
      </Menu>

      <GuardedButton className="button danger block" onClick={logOut} data-testid="logout">
        <Icon path={logoutIcon} />
        <Trans>Log out</Trans>
      </GuardedButton>
    </>
  );
}
