import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isAntiPhishingPhrase } from '../../../contract/rules';
import type {
  DeviceDescription,
  NetworkPlace,
  PasskeySummary,
  SessionSummary,
  SignInRecord,
} from '../../../contract/responses';
import {
  saveAntiPhishing,
  signOutDevice,
  signOutOtherDevices,
  useSecuritySettings,
  useSignInHistory,
  useSignedInDevices,
} from '../../api/security';
import { addPasskey, browserHasPasskeys, removePasskey, usePasskeys } from '../../api/passkeys';
import { formatDateTime } from '../../lib/format';
import { usePasskeyProblemMessage } from '../shared/passkey-problems';
import { showToast } from '../../state/toast';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { GuardedButton, useGuard } from '../../ui/guarded-button';
import { ErrorState, Spinner } from '../../ui/states';
import { useFieldErrors } from '../shared/field-errors';

/** "Chrome on Android", or as much of it as the device told. */
function useDeviceName(): (device: DeviceDescription) => string {
  const { t } = useLingui();
  return ({ browser, os }) => {
    if (browser && os) return t`${browser} on ${os}`;
    return browser || os || t`Unknown device`;
  };
}

function usePlaceName(): (place: NetworkPlace) => string {
  const { t } = useLingui();
  return ({ network, range }) => {
    if (network === 'loopback') return t`This computer`;
    if (network === 'private') return t`Local network`;
    return range ? t`Network ${range}` : t`Unknown network`;
  };
}

function DeviceItem({ session }: { session: SessionSummary }) {
  const { t, i18n } = useLingui();
  const deviceName = useDeviceName();
  const placeName = usePlaceName();
  const name = deviceName(session);
  const signOut = async () => {
    await signOutDevice(session.id);
    showToast(t`Signed out of ${name}`);
  };
  return (
    <li className="list-item device">
      <p>
        <strong>{name}</strong>
        {session.current ? (
          <span className="tag">
            <Trans>This device</Trans>
          </span>
        ) : null}
      </p>
      <p className="muted small">{placeName(session)}</p>
      <p className="muted small">
        <Trans>Last seen {formatDateTime(session.last_seen_at, i18n.locale)}</Trans>
      </p>
      <p className="muted small">
        <Trans>Signed in {formatDateTime(session.created_at, i18n.locale)}</Trans>
      </p>
      {session.current ? null : (
        <p className="end">
          <GuardedButton
            className="button secondary small-button"
            onClick={signOut}
            aria-label={t`Sign out ${name}, last seen ${formatDateTime(session.last_seen_at, i18n.locale)}`}
          >
            <Trans>Sign out</Trans>
          </GuardedButton>
        </p>
      )}
    </li>
  );
}

function SignedInDevices() {
  const { t } = useLingui();
  const { data, error, mutate } = useSignedInDevices();
  const others = data?.list.filter((session) => !session.current).length ?? 0;
  const signOutOthers = async () => {
    const ended = await signOutOtherDevices();
    showToast(t`Signed out of ${ended} other devices`);
  };
  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 id="devices-title">
        <Trans>Signed-in devices</Trans>
      </h2>
      {data ? (
        <>
          <ul className="stack-list">
            {data.list.map((session) => (
              <DeviceItem key={session.id} session={session} />
            ))}
          </ul>
          <GuardedButton className="button secondary block" onClick={signOutOthers} disabled={others === 0}>
            <Trans>Sign out everywhere else</Trans>
          </GuardedButton>
        </>
      ) : error ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <Spinner label={t`Loading`} />
      )}
    </section>
  );
}

function SignInItem({ record }: { record: SignInRecord }) {
  const { t, i18n } = useLingui();
  const deviceName = useDeviceName();
  const placeName = usePlaceName();
  const what = {
    password: t`Signed in with password`,
    passkey: t`Signed in with passkey`,
    register: t`Account created`,
  }[record.method];
  return (
    <li className="list-item">
      <p>
        <strong className={record.outcome === 'failure' ? 'amount-out' : undefined}>
          {record.outcome === 'failure' ? t`Failed sign-in attempt` : what}
        </strong>
      </p>
      <p className="muted small end">{formatDateTime(record.at, i18n.locale)}</p>
      <p className="muted small span">
        {deviceName(record)} · {record.ip} ({placeName(record)})
      </p>
    </li>
  );
}

function SignInHistory() {
  const { t } = useLingui();
  const { data, error, mutate } = useSignInHistory();
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">
        <Trans>Recent sign-ins</Trans>
      </h2>
      <p className="muted small">
        <Trans>The last 30 sign-ins and failed attempts. If one was not you, change your password now.</Trans>
      </p>
      {data ? (
        data.list.length > 0 ? (
          <ul className="stack-list">
            {data.list.map((record, index) => (
              <SignInItem key={`${record.at}-${index}`} record={record} />
            ))}
          </ul>
        ) : (
          <p className="state">
            <Trans>No sign-ins recorded yet.</Trans>
          </p>
        )
      ) : error ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <Spinner label={t`Loading`} />
      )}
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeySummary }) {
  const { t, i18n } = useLingui();
  const remove = async () => {
    await removePasskey(passkey.id);
    showToast(t`Passkey ${passkey.name} removed`);
  };
  return (
    <li className="list-item device">
      <p>
        <strong>{passkey.name}</strong>
      </p>
      <p className="muted small">
        <Trans>Added {formatDateTime(passkey.created_at, i18n.locale)}</Trans>
      </p>
      <p className="muted small">
        {passkey.last_used_at ? (
          <Trans>Last used {formatDateTime(passkey.last_used_at, i18n.locale)}</Trans>
        ) : (
          <Trans>Not used yet</Trans>
        )}
      </p>
      <p className="end">
        <GuardedButton
          className="button secondary small-button"
          onClick={remove}
          aria-label={t`Remove passkey ${passkey.name}, added ${formatDateTime(passkey.created_at, i18n.locale)}`}
        >
          <Trans>Remove</Trans>
        </GuardedButton>
      </p>
    </li>
  );
}

const PASSKEY_FIELDS = ['password'] as const;

/** The account password first: a session alone is not enough to add a way into the account. */
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const problemMessage = usePasskeyProblemMessage();
  const [password, setPassword] = useState('');
  const { errors, focusRound, showOne, showFailure } = useFieldErrors(PASSKEY_FIELDS);
  const [busy, run] = useGuard();
  const add = () =>
    run(async () => {
      if (!password) {
        showOne('password', t`Please enter the password`);
        return;
      }
      showOne('password', undefined);
      try {
        const problem = await addPasskey(password);
        if (problem) {
          showToast(problemMessage(problem));
          return;
        }
        showToast(t`Passkey added`);
        onDone();
      } catch (error) {
        setPassword('');
        showFailure(error);
      }
    });
  return (
    <Form onSubmit={() => void add()} focusRound={focusRound}>
      <Field
        label={t`Account password`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        hint={t`Then your browser asks for your fingerprint, face, screen lock or security key.`}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          <Trans>Continue</Trans>
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  );
}

function Passkeys() {
  const { t } = useLingui();
  const { data, error, mutate } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const supported = browserHasPasskeys();
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">
        <Trans>Passkeys</Trans>
      </h2>
      <p className="muted small">
        <Trans>
          Sign in with your fingerprint, face, screen lock or a security key instead of your password. Withdrawals still
          need your password, unless the passkey checks that it is you (fingerprint, face or PIN).
        </Trans>
      </p>
      {data ? (
        data.list.length > 0 ? (
          <ul className="stack-list">
            {data.list.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ) : (
          <p className="state">
            <Trans>No passkeys yet.</Trans>
          </p>
        )
      ) : error ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <Spinner label={t`Loading`} />
      )}
      {!supported ? (
        <p className="muted small">
          <Trans>This browser cannot make passkeys. Open the wallet in a recent browser to add one.</Trans>
        </p>
      ) : adding ? (
        <AddPasskeyForm onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="button secondary block" onClick={() => setAdding(true)}>
          <Trans>Add a passkey</Trans>
        </button>
      )}
    </section>
  );
}

const PHRASE_FIELDS = ['anti_phishing'] as const;

function AntiPhishingForm({ saved }: { saved: string }) {
  const { t } = useLingui();
  const [phrase, setPhrase] = useState(saved);
  const { errors, focusRound, showOne, showFailure } = useFieldErrors(PHRASE_FIELDS);
  const [busy, run] = useGuard();
  const save = (value: string) =>
    run(async () => {
      const trimmed = value.trim();
      if (!isAntiPhishingPhrase(trimmed)) {
        showOne('anti_phishing', t`The anti-phishing code must be 4 to 20 characters`);
        return;
      }
      showOne('anti_phishing', undefined);
      try {
        await saveAntiPhishing(trimmed);
        setPhrase(trimmed);
        showToast(trimmed ? t`Save success` : t`Anti-phishing code removed`);
      } catch (error) {
        showFailure(error);
      }
    });
  return (
    <Form onSubmit={() => void save(phrase)} focusRound={focusRound}>
      <Field
        label={t`Anti-phishing code`}
        name="anti_phishing"
        autoComplete="off"
        maxLength={20}
        value={phrase}
        onChange={setPhrase}
        error={errors.anti_phishing}
        hint={t`4 to 20 characters. Choose words only you would know.`}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          <Trans>Save</Trans>
        </button>
        {saved ? (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void save('')}>
            <Trans>Remove</Trans>
          </button>
        ) : null}
      </div>
    </Form>
  );
}

function AntiPhishing() {
  const { t } = useLingui();
  const { data, error, mutate } = useSecuritySettings();
  return (
    <section className="card" aria-labelledby="phishing-title">
      <h2 id="phishing-title">
        <Trans>Anti-phishing code</Trans>
      </h2>
      <p className="muted small">
        <Trans>
          Every e-mail we send you shows this code at the top. An e-mail without it, or with another one, is not from
          us: do not click its links.
        </Trans>
      </p>
      {data ? (
        <AntiPhishingForm key={data.anti_phishing} saved={data.anti_phishing} />
      ) : error ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <Spinner label={t`Loading`} />
      )}
    </section>
  );
}

function PayoutHold() {
  const { data } = useSecuritySettings();
  const hours = data?.withdraw_hold_hours;
  return (
    <section className="card" aria-labelledby="hold-title">
      <h2 id="hold-title">
        <Trans>New payout accounts</Trans>
      </h2>
      <p className="muted small">
        {hours === undefined ? (
          <Trans>
            Binding a bank card or Wise account needs a code sent to your e-mail, and we e-mail you when one is bound.
          </Trans>
        ) : (
          <Trans>
            Binding a bank card or Wise account needs a code sent to your e-mail, and we e-mail you when one is bound. A
            new account can receive withdrawals {hours} hours after it is bound, so that someone who got into your
            account cannot take your money at once.
          </Trans>
        )}
      </p>
    </section>
  );
}

export default function SecurityPage() {
  return (
    <>
      <SignedInDevices />
      <Passkeys />
      <AntiPhishing />
      <SignInHistory />
      <PayoutHold />
    </>
  );
}
