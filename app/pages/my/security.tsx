import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PASSKEYS_PER_CUSTOMER, isAntiPhishingPhrase } from '../../../contract/rules';
import type {
  DeviceDescription,
  NetworkPlace,
  PasskeySummary,
  SessionSummary,
  SignInRecord,
} from '../../../contract/responses';
import {
  saveAntiPhishing,
  showAntiPhishing,
  signOutDevice,
  signOutOtherDevices,
  useSecuritySettings,
  useSignInHistory,
  useSignedInDevices,
} from '../../api/security';
import { addPasskey, browserHasPasskeys, removePasskey, usePasskeys, type IdentityProof } from '../../api/passkeys';
import { formatDateTime } from '../../../web-kit/lib/format';
import { IdentityCheckSheet } from '../shared/identity-check-sheet';
import { usePasskeyProblemMessage } from '../shared/passkey-problems';
import { showToast } from '../../state/toast';
import { EndlessList } from '../../ui/endless-list';
import { Field, PasswordField } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { ErrorState, Spinner } from '../../ui/states';
import { useFieldErrors } from '../shared/field-errors';

/** What waits for the customer to confirm it is them, and what to do with their proof. */
interface PendingCheck {
  title: string;
  confirmLabel: string;
  action: (proof: IdentityProof) => Promise<void>;
}

/** One "confirm it is you" sheet per card: `ask` opens it for an action, which runs on the proof. */
function useIdentityCheck() {
  const { t } = useLingui();
  const [pending, setPending] = useState<PendingCheck>();
  const sheet = pending ? (
    <IdentityCheckSheet
      title={pending.title}
      explanation={t`Someone with only your phone or a copy of your session must not be able to do this. Confirm it is you with your password, or a passkey that checks your fingerprint, face or PIN.`}
      confirmLabel={pending.confirmLabel}
      action={pending.action}
      onClose={() => setPending(undefined)}
    />
  ) : null;
  return { ask: setPending, sheet };
}

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

function DeviceItem({ session, onSignOut }: { session: SessionSummary; onSignOut: (name: string) => void }) {
  const { t, i18n } = useLingui();
  const deviceName = useDeviceName();
  const placeName = usePlaceName();
  const name = deviceName(session);
  return (
    <article className="list-item device" aria-label={name}>
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
          <button
            type="button"
            className="button secondary small-button"
            onClick={() => onSignOut(name)}
            aria-label={t`Sign out ${name}, last seen ${formatDateTime(session.last_seen_at, i18n.locale)}`}
          >
            <Trans>Sign out</Trans>
          </button>
        </p>
      )}
    </article>
  );
}

function SignedInDevices() {
  const { t } = useLingui();
  const devices = useSignedInDevices();
  const { ask, sheet } = useIdentityCheck();
  const signOutOne = (session: SessionSummary, name: string) =>
    ask({
      title: t`Sign out ${name}?`,
      confirmLabel: t`Sign out`,
      action: async (proof) => {
        await signOutDevice(session.id, proof);
        devices.refresh();
        showToast(t`Signed out of ${name}`);
      },
    });
  const signOutOthers = () =>
    ask({
      title: t`Sign out everywhere else?`,
      confirmLabel: t`Sign out everywhere else`,
      action: async (proof) => {
        const ended = await signOutOtherDevices(proof);
        devices.refresh();
        showToast(t`Signed out of ${ended} other devices`);
      },
    });
  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 id="devices-title">
        <Trans>Signed-in devices</Trans>
      </h2>
      <EndlessList
        label={t`Signed-in devices`}
        list={devices}
        empty={<Trans>No device is signed in.</Trans>}
        itemKey={(session) => session.id}
        renderItem={(session) => <DeviceItem session={session} onSignOut={(name) => signOutOne(session, name)} />}
      />
      {devices.items.length > 0 ? (
        <button type="button" className="button secondary block" onClick={signOutOthers} disabled={devices.total <= 1}>
          <Trans>Sign out everywhere else</Trans>
        </button>
      ) : null}
      {sheet}
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

function PasskeyItem({ passkey, onRemove }: { passkey: PasskeySummary; onRemove: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <article className="list-item device" aria-label={passkey.name}>
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
        <button
          type="button"
          className="button secondary small-button"
          onClick={onRemove}
          aria-label={t`Remove passkey ${passkey.name}, added ${formatDateTime(passkey.created_at, i18n.locale)}`}
        >
          <Trans>Remove</Trans>
        </button>
      </p>
    </article>
  );
}

const PASSKEY_FIELDS = ['name', 'password'] as const;

/**
 * A name to tell it from the others, and the account password, which the server checks before the
 * browser makes a key: a session alone is not enough to add a way into the account.
 */
function AddPasskeyForm({ onDone }: { onDone: (added: boolean) => void }) {
  const { t } = useLingui();
  const problemMessage = usePasskeyProblemMessage();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { errors, focusRound, show, showFailure } = useFieldErrors(PASSKEY_FIELDS);
  const [busy, run] = useGuard();
  const add = () =>
    run(async () => {
      const found = {
        ...(name.trim() ? {} : { name: t`Please enter a name` }),
        ...(password ? {} : { password: t`Please enter the password` }),
      };
      show(found);
      if (Object.keys(found).length > 0) return;
      try {
        const problem = await addPasskey(password, name.trim());
        if (problem) {
          showToast(problemMessage(problem));
          return;
        }
        showToast(t`Passkey added`);
        onDone(true);
      } catch (error) {
        setPassword('');
        showFailure(error);
      }
    });
  return (
    <Form onSubmit={() => void add()} focusRound={focusRound}>
      <Field
        label={t`Passkey name`}
        name="name"
        autoComplete="off"
        maxLength={60}
        value={name}
        onChange={setName}
        error={errors.name}
        hint={t`To tell your passkeys apart, for example “My phone”.`}
      />
      <PasswordField
        label={t`Account password`}
        value={password}
        onChange={setPassword}
        error={errors.password}
        hint={t`Then your browser asks for your fingerprint, face, screen lock or security key.`}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          <Trans>Continue</Trans>
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  );
}

function Passkeys() {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const { ask, sheet } = useIdentityCheck();
  const supported = browserHasPasskeys();
  const full = passkeys.total >= PASSKEYS_PER_CUSTOMER;
  const remove = (passkey: PasskeySummary) =>
    ask({
      title: t`Remove passkey ${passkey.name}?`,
      confirmLabel: t`Remove passkey`,
      action: async (proof) => {
        await removePasskey(passkey.id, proof);
        passkeys.refresh();
        showToast(t`Passkey ${passkey.name} removed`);
      },
    });
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
      <EndlessList
        label={t`Passkeys`}
        list={passkeys}
        empty={<Trans>No passkeys yet.</Trans>}
        itemKey={(passkey) => passkey.id}
        renderItem={(passkey) => <PasskeyItem passkey={passkey} onRemove={() => remove(passkey)} />}
      />
      {!supported ? (
        <p className="muted small">
          <Trans>This browser cannot make passkeys. Open the wallet in a recent browser to add one.</Trans>
        </p>
      ) : full ? (
        <p className="muted small">
          <Trans>
            You have {PASSKEYS_PER_CUSTOMER} passkeys, the most an account can have. Remove one to add another.
          </Trans>
        </p>
      ) : adding ? (
        <AddPasskeyForm
          onDone={(added) => {
            setAdding(false);
            if (added) passkeys.refresh();
          }}
        />
      ) : (
        <button type="button" className="button secondary block" onClick={() => setAdding(true)}>
          <Trans>Add a passkey</Trans>
        </button>
      )}
      {sheet}
    </section>
  );
}

const PHRASE_FIELDS = ['anti_phishing'] as const;

/** A new phrase, saved once the customer confirms it is them. */
function AntiPhishingForm({ onSave, onCancel }: { onSave: (phrase: string) => void; onCancel?: () => void }) {
  const { t } = useLingui();
  const [phrase, setPhrase] = useState('');
  const { errors, focusRound, showOne } = useFieldErrors(PHRASE_FIELDS);
  const save = () => {
    const trimmed = phrase.trim();
    if (
      !showOne(
        'anti_phishing',
        isAntiPhishingPhrase(trimmed) && trimmed ? undefined : t`The anti-phishing code must be 4 to 20 characters`,
      )
    ) {
      return;
    }
    onSave(trimmed);
  };
  return (
    <Form onSubmit={save} focusRound={focusRound}>
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
        <button type="submit" className="button">
          <Trans>Save</Trans>
        </button>
        {onCancel ? (
          <button type="button" className="button secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </Form>
  );
}

function AntiPhishing() {
  const { t } = useLingui();
  const { data, error, mutate } = useSecuritySettings();
  const { ask, sheet } = useIdentityCheck();
  const [shown, setShown] = useState<string>();
  const [changing, setChanging] = useState(false);
  const save = (phrase: string) =>
    ask({
      title: phrase ? t`Save the new anti-phishing code?` : t`Remove the anti-phishing code?`,
      confirmLabel: phrase ? t`Save` : t`Remove`,
      action: async (proof) => {
        await saveAntiPhishing(phrase, proof);
        setShown(phrase || undefined);
        setChanging(false);
        showToast(phrase ? t`Save success` : t`Anti-phishing code removed`);
      },
    });
  const show = () =>
    ask({
      title: t`Show your anti-phishing code?`,
      confirmLabel: t`Show code`,
      action: async (proof) => setShown(await showAntiPhishing(proof)),
    });
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
      {!data ? (
        error ? (
          <ErrorState onRetry={() => void mutate()} />
        ) : (
          <Spinner label={t`Loading`} />
        )
      ) : !data.anti_phishing_set ? (
        <AntiPhishingForm onSave={save} />
      ) : changing ? (
        <AntiPhishingForm onSave={save} onCancel={() => setChanging(false)} />
      ) : (
        <>
          <p className="row">
            <span className="muted">{t`Your code`}</span>
            <strong data-testid="anti-phishing-code">{shown ?? t`Hidden`}</strong>
          </p>
          <div className="button-row">
            {shown === undefined ? (
              <button type="button" className="button secondary" onClick={show}>
                <Trans>Show code</Trans>
              </button>
            ) : null}
            <button type="button" className="button secondary" onClick={() => setChanging(true)}>
              <Trans>Change</Trans>
            </button>
            <button type="button" className="button secondary" onClick={() => save('')}>
              <Trans>Remove</Trans>
            </button>
          </div>
        </>
      )}
      {sheet}
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
