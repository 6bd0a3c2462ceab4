import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { NewOperatorSecrets, OperatorAccount, OperatorRole } from '../../../contract/console';
import { call } from '../../api/client';
import { useList, useRevalidate } from '../../api/reads';
import { Badge } from '../../ui/badge';
import { BusyButton } from '../../ui/busy-button';
import { ConfirmButton } from '../../ui/confirm-button';
import { Details } from '../../ui/details';
import { ErrorNote } from '../../ui/failure';
import { SelectField, TextField } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { QrCode } from '../../ui/qr-code';
import { DateTime } from '../../ui/values';
import { useLabels } from '../labels';
import { useAction } from '../use-action';
import { useOperator } from '../use-operator';
import { useTitle } from '../use-title';
import { AdminOnly } from './admin-only';
import { ListSection } from './list-section';

/** A new account's secrets, shown this once: the server keeps only what checks them. */
function NewOperatorSecretsPanel({ secrets, onDone }: { secrets: NewOperatorSecrets; onDone: () => void }) {
  const { t } = useLingui();
  const { name } = secrets;
  return (
    <Panel title={t`Account ${name} created`} level={3}>
      <p className="note note-warning" role="alert">
        <Trans>Copy these now; they are not shown again.</Trans>{' '}
        <Trans>Hand them to the operator, who must change the password at the first sign-in.</Trans>
      </p>
      <div className="secrets">
        <Details
          rows={[
            { term: t`Operator name`, value: secrets.name, kind: 'code' },
            { term: t`One-time password`, value: secrets.one_time_password, kind: 'code' },
            { term: t`Authenticator secret`, value: secrets.totp_secret, kind: 'code' },
            { term: t`Authenticator address`, value: secrets.totp_uri, kind: 'code' },
          ]}
        />
        <QrCode value={secrets.totp_uri} label={t`QR code of the authenticator address`} size={180} />
      </div>
      <button type="button" className="button" onClick={onDone}>
        {t`Done, hide them`}
      </button>
    </Panel>
  );
}

function AddOperatorForm({ onAdded }: { onAdded: (secrets: NewOperatorSecrets) => void }) {
  const { t } = useLingui();
  const labels = useLabels();
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('reviewer');
  const { form, busy, failure, errorOf, run } = useAction(['name', 'role'] as const);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let secrets: NewOperatorSecrets | null = null;
    if (await run(async () => (secrets = await call('operators/add', { name: name.trim(), role })))) {
      setName('');
      setRole('reviewer');
      if (secrets) onAdded(secrets);
    }
  };
  return (
    <form className="form record-form" ref={form} noValidate onSubmit={(event) => void submit(event)}>
      <div className="record-fields">
        <TextField
          label={t`New operator's name`}
          name="name"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          hint={t`2 to 32 lower-case letters, digits, dots, dashes or underscores`}
          value={name}
          onChange={setName}
          error={errorOf('name')}
        />
        <SelectField
          label={t`Role`}
          name="role"
          value={role}
          onChange={setRole}
          options={[
            { value: 'reviewer', label: labels.role('reviewer') },
            { value: 'admin', label: labels.role('admin') },
          ]}
          error={errorOf('role')}
        />
      </div>
      <ErrorNote error={failure} />
      <BusyButton type="submit" className="button-primary" busy={busy}>
        {t`Add operator`}
      </BusyButton>
    </form>
  );
}

function DisableOperatorButton({ account }: { account: OperatorAccount }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { busy, failure, run } = useAction();
  const { name } = account;
  const disable = async () => {
    if (await run(() => call('operators/disable', { name }))) revalidate('operators/');
  };
  return (
    <>
      <ConfirmButton
        className="button-danger"
        busy={busy}
        question={t`Disable the operator ${name}? Their sessions end at once.`}
        onConfirm={() => void disable()}
      >
        {t`Disable`}
      </ConfirmButton>
      <ErrorNote error={failure} />
    </>
  );
}

function OperatorsTable({ operators }: { operators: readonly OperatorAccount[] }) {
  const { t } = useLingui();
  const labels = useLabels();
  const me = useOperator().name;
  return (
    <div className="table-frame">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t`Operator name`}</th>
            <th scope="col">{t`Role`}</th>
            <th scope="col">{t`Account status`}</th>
            <th scope="col">{t`Created`}</th>
            <th scope="col">{t`Actions`}</th>
          </tr>
        </thead>
        <tbody>
          {operators.map((account) => (
            <tr key={account.name}>
              <td className="code">
                {account.name}
                {account.name === me ? <span className="muted"> · {t`you`}</span> : null}
              </td>
              <td>{labels.role(account.role)}</td>
              <td>
                {account.status === 'active' ? (
                  <Badge tone="good">{t`Active`}</Badge>
                ) : (
                  <Badge tone="bad">{t`Disabled`}</Badge>
                )}
              </td>
              <td>
                <DateTime iso={account.created_at} layout="short" />
              </td>
              <td>
                {account.status === 'active' && account.name !== me ? (
                  <DisableOperatorButton account={account} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who may work in the console: add an account (its secrets shown once), or disable one. */
export function OperatorsPage() {
  const { t } = useLingui();
  useTitle(t`Operators`);
  const { data, error, mutate } = useList('operators/list');
  const revalidate = useRevalidate();
  const [secrets, setSecrets] = useState<NewOperatorSecrets | null>(null);
  return (
    <>
      <h1>
        <Trans>Operators</Trans>
      </h1>
      <AdminOnly>
        <div className="admin-page">
          <Panel title={t`Add an operator`}>
            {secrets ? (
              <NewOperatorSecretsPanel secrets={secrets} onDone={() => setSecrets(null)} />
            ) : (
              <AddOperatorForm
                onAdded={(added) => {
                  setSecrets(added);
                  revalidate('operators/');
                }}
              />
            )}
          </Panel>
          <ListSection
            title={t`Operator accounts`}
            read={{ data, error, retry: () => void mutate() }}
            loading={t`Loading the operators…`}
            empty={t`No operator accounts.`}
            isEmpty={(read) => read.operators.length === 0}
          >
            {(read) => <OperatorsTable operators={read.operators} />}
          </ListSection>
        </div>
      </AdminOnly>
    </>
  );
}
