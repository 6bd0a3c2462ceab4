import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { logIn } from '../../api/auth';
import { ServerRefusal } from '../../../web-kit/lib/failures';
import { appConfig } from '../../lib/config';
import { deviceId } from '../../state/device-id';
import { showToast } from '../../state/toast';
import { PasswordField, UsernameField } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { LanguageButton } from './language-button';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { useAuthRules } from './validation';
import { PATHS } from '../../lib/paths';

const FIELDS = ['account', 'password'] as const;
type LoginField = (typeof FIELDS)[number];

export default function LoginPage() {
  const { t } = useLingui();
  const rules = useAuthRules();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { errors, focusRound, show, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();

  const passkeySignIn = () =>
    run(async () => {
      // Loaded on the press, with the WebAuthn library: both stay out of the start bundle.
      const { signInWithPasskey } = await import('../../api/passkeys');
      const problem = await signInWithPasskey(deviceId());
      if (problem === undefined) showToast(t`Login success`);
      // A browser does not tell a cancelled sign-in from one without a passkey for this site.
      else if (problem === 'unsupported') showToast(t`This browser cannot use passkeys.`);
      else showToast(t`No passkey was used. Without one for this site, please sign in with your password.`);
    });

  const submit = () =>
    run(async () => {
      const found = collectErrors<LoginField>({
        account: rules.account(account, false),
        password: rules.password(password, false),
      });
      show(found);
      if (hasErrors(found)) return;
      try {
        await logIn(account.trim(), password);
        showToast(t`Login success`);
      } catch (error) {
        if (error instanceof ServerRefusal) setPassword('');
        showFailure(error);
      }
    });

  return (
    <>
      <div className="auth-head">
        <span />
        <LanguageButton />
      </div>
      <div className="brand">
        <img src={appConfig.logo} alt="" width="44" height="44" />
        <h2>{appConfig.appName}</h2>
      </div>
      <p className="lead">
        <Trans>Sign in to see your balance, sell USDT and withdraw.</Trans>
      </p>
      <Form onSubmit={() => void submit()} focusRound={focusRound}>
        <UsernameField
          label={t`Account`}
          name="account"
          placeholder={t`Account name or e-mail`}
          value={account}
          onChange={setAccount}
          error={errors.account}
        />
        <PasswordField value={password} onChange={setPassword} error={errors.password} />
        <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
          {t`Log in`}
        </button>
      </Form>
      <button
        type="button"
        className="button secondary block passkey-button"
        disabled={busy}
        onClick={() => void passkeySignIn()}
      >
        {t`Sign in with a passkey`}
      </button>
      <div className="link-row">
        <Link href={PATHS.register}>
          <Trans>Create an account</Trans>
        </Link>
        <Link href={PATHS.forgotPassword}>
          <Trans>Forgot password?</Trans>
        </Link>
      </div>
    </>
  );
}
