import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { EnrolmentStart } from '../../contract/console';
import { isPlainText, isStrongEnoughPassword } from '../../contract/rules';
import { call } from '../api/client';
import { enrol } from '../api/session';
import { ENROLMENT_TOKEN_PATTERN, TOTP_CODE_PATTERN } from '../api/wire';
import { ServerRefusal } from '../../web-kit/lib/failures';
import { AuthCard } from '../ui/auth-card';
import { BusyButton } from '../ui/busy-button';
import { Details } from '../ui/details';
import { ErrorNote } from '../ui/failure';
import { QrCode } from '../../web-kit/ui/qr-code';
import { LoadFailed, Loading } from '../ui/states';
import { DateTime } from '../ui/values';
import { digitsOf, useCheckedForm } from '../lib/use-checked-form';
import { AuthenticatorCodeField, NewPasswordFields } from '../ui/credential-fields';
import { useLabels } from '../ui/labels';
import { LanguageMenu } from '../state/language-menu';
import { useTitle } from '../lib/use-title';

const FIELDS = ['new_password', 'repeat', 'code'] as const;
type EnrolField = (typeof FIELDS)[number];

/** The password, its repetition and the authenticator's first code, for the link's account. */
function EnrolForm({ token, opened }: { token: string; opened: EnrolmentStart }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const form = useCheckedForm(FIELDS);

  const check = () => {
    const found: Partial<Record<EnrolField, string>> = {};
    if (!isStrongEnoughPassword(password) || !isPlainText(password)) {
      found.new_password = t`Use 8 to 64 characters with at least one letter and one digit.`;
    }
    if (repeat !== password) found.repeat = t`The two passwords differ.`;
    if (!TOTP_CODE_PATTERN.test(digitsOf(code))) found.code = t`Enter the 6-digit code from your authenticator app.`;
    return found;
  };

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      check,
      async () => {
        await enrol(token, password, digitsOf(code));
        // The link is spent; it leaves the address bar and the history entry.
        navigate('/queue', { replace: true });
      },
      (_error, named) => {
        setCode('');
        return named ?? 'code';
      },
    );

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy || undefined}>
      <NewPasswordFields
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={form.errors}
        inputRef={form.inputRef}
      />
      <AuthenticatorCodeField
        value={code}
        onChange={setCode}
        error={form.errors.code}
        hint={t`The 6 digits your authenticator app shows now for this account.`}
        inputRef={form.inputRef('code')}
      />
      <ErrorNote error={form.failure} />
      <BusyButton type="submit" className="button-primary button-block" busy={form.busy}>
        {t`Finish enrolment`}
      </BusyButton>
      <input type="hidden" name="username" autoComplete="username" value={opened.name} readOnly />
    </form>
  );
}

/** Whose account the link sets up, until when, and that what is chosen here stays with its holder. */
function EnrolmentLead({ opened }: { opened: EnrolmentStart }) {
  const labels = useLabels();
  const name = opened.name;
  const role = labels.role(opened.role);
  return (
    <p className="lead">
      <Trans>
        This link sets up the account {name} ({role}). It works once, until <DateTime iso={opened.expires_at} />, and
        only for you: nobody else sees what you choose here.
      </Trans>
    </p>
  );
}

/**
 * Where an enrolment link opens: its holder, and only they, sees the authenticator secret made
 * for the account, sets a password of their own and proves the authenticator with its code. The
 * admin who added the account sees neither. Finishing signs them in.
 */
export function EnrolPage() {
  const { t } = useLingui();
  useTitle(t`Set up your console account`);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const wellFormed = ENROLMENT_TOKEN_PATTERN.test(token);
  const [opened, setOpened] = useState<EnrolmentStart | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    call('enrol/start', { token }).then(
      (answer) => {
        if (current) setOpened(answer);
      },
      (error: unknown) => {
        if (current) setFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [token, wellFormed, attempt]);

  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
  };

  return (
    <AuthCard title={t`Set up your console account`} wide>
      {!wellFormed ? (
        <p className="note note-error" role="alert">
          <Trans>This enrolment link is not complete. Open the whole link you were given.</Trans>
        </p>
      ) : failure instanceof ServerRefusal ? (
        <ErrorNote error={failure} />
      ) : failure ? (
        <LoadFailed error={failure} onRetry={retry} />
      ) : !opened ? (
        <Loading>{t`Opening the enrolment link…`}</Loading>
      ) : (
        <>
          <EnrolmentLead opened={opened} />
          <h2>
            <Trans>1. Add the account to your authenticator app</Trans>
          </h2>
          <p>
            <Trans>Scan the code with the app, or type the secret into it.</Trans>
          </p>
          <div className="secrets">
            <Details
              rows={[
                { term: t`Authenticator secret`, value: opened.totp_secret, kind: 'code' },
                { term: t`Authenticator address`, value: opened.totp_uri, kind: 'code' },
              ]}
            />
            <QrCode value={opened.totp_uri} label={t`QR code of the authenticator address`} size={180} />
          </div>
          <h2>
            <Trans>2. Choose your password and enter the app's code</Trans>
          </h2>
          <EnrolForm token={token} opened={opened} />
        </>
      )}
      <LanguageMenu />
    </AuthCard>
  );
}
