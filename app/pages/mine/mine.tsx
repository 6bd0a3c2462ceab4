import { Trans, useLingui } from '@lingui/react/macro';
import { logOut } from '../../api/auth';
import { useMoneyInfo } from '../../api/userinfo';
import { appConfig } from '../../lib/config';
import { activeLanguageAtom, languageChoiceAtom } from '../../state/language';
import { sessionAtom } from '../../state/session';
import { useAtomValue, useSetAtom } from '../../state/store';
import { chooseTheme, themeAtom } from '../../state/theme';
import { languageSheetOpenAtom } from '../../state/ui';
import { BalanceCard } from '../../ui/balance-card';
import { GuardedButton } from '../../ui/guarded-button';
import { Icon } from '../../ui/icons';
import { Menu, MenuButton, MenuLink } from '../../ui/menu';
import { InstallEntry } from './install-entry';

export default function MyPage() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { data: money } = useMoneyInfo();
  const language = useAtomValue(activeLanguageAtom);
  const languageChoice = useAtomValue(languageChoiceAtom);
  const theme = useAtomValue(themeAtom);
  const openLanguages = useSetAtom(languageSheetOpenAtom);

  if (!session) return null;
  const vip = session.vip > 0 ? t`VIP ${session.vip}` : t`Member`;
  const themeName = theme === 'subject1' ? t`Blue and red` : t`Red and blue`;

  return (
    <>
      <section className="card profile-head" aria-label={t`Profile`}>
        <span className="avatar" aria-hidden="true">
          {(session.nickname || session.account).slice(0, 1).toUpperCase()}
        </span>
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

      <BalanceCard money={money} />

      <Menu label={t`My account`}>
        <MenuLink href="/pages/mine/personal-info" icon="profile" label={t`Personal information`} />
        <MenuLink href="/pages/mine/rechange" icon="recharge" label={t`Recharge`} />
        <MenuLink href="/pages/mine/withdrawl" icon="withdraw" label={t`Withdraw`} />
        <MenuLink href="/pages/mine/records" icon="records" label={t`Withdrawal records`} />
        <MenuLink href="/pages/mine/wallet" icon="wallet" label={t`Interest wallet`} />
        <MenuLink href="/pages/mine/property" icon="assets" label={t`My assets`} />
        <MenuLink href="/pages/mine/asset-log" icon="fundLog" label={t`Fund log`} />
        <MenuLink href="/pages/mine/binding" icon="binding" label={t`Account binding`} />
        <MenuLink href="/pages/mine/team" icon="team" label={t`My team`} />
        <MenuLink href="/pages/mine/promotion" icon="invite" label={t`Invite friends`} />
      </Menu>

      <Menu label={t`Settings`}>
        <MenuButton
          icon="globe"
          label={t`Language`}
          value={languageChoice === null ? t`Auto (${language.name})` : language.name}
          onPress={() => openLanguages(true)}
          testId="language-menu"
        />
        <MenuButton
          icon="theme"
          label={t`Theme`}
          value={themeName}
          onPress={() => chooseTheme(theme === 'subject1' ? 'subject2' : 'subject1')}
        />
        <InstallEntry />
        <li>
          <div className="menu-item">
            <Icon name="info" />
            <span className="label">
              <Trans>App version</Trans>
            </span>
            <span className="value">{appConfig.appVersion}</span>
          </div>
        </li>
      </Menu>

      <GuardedButton className="button danger block" onClick={logOut} data-testid="logout">
        <Icon name="logout" />
        <Trans>Log out</Trans>
      </GuardedButton>
    </>
  );
}
