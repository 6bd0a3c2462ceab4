import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { NewOperatorEnrolment, OperatorAccount, OperatorRole } from '../../../contract/console';
import { call } from '../../api/client';
import { useList, useRevalidate } from '../../api/reads';
import { Badge } from '../../ui/badge';
import { BusyButton } from '../../ui/busy-button';
import { ConfirmButton } from '../../ui/confirm-button';
import { Details } from '../../ui/details';
import { ErrorNote } from '../../ui/failure';
import { SelectField, TextField } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { DateTime } from '../../ui/values';
import { useLabels } from '../labels';
import { useAction } from '../use-action';
import { useOperator } from '../use-operator';
import { useTitle } from '../use-title';
import { AdminOnly } from './admin-only';
import { ListSection } from './list-section';

/**
 * A new account's enrolment link, shown this once: its operator sets the password and the
 * authenticator there, so the admin who added the account never knows either.
 */
function EnrolmentLinkPanel({ enrolment, onDone }: { enrolment: NewOperatorEnrolment; onDone: () => void }) {
  const { t } = useLingui();
  const { name } = enrolment;
  const link = new URL(enrolment.enrolment_path, window.location.origin).href;
  return (
    <Panel title={t`Account ${name} added`} level={3}>
      <p className="note note-warning" role="alert">
        <Trans>Copy this link now; it is not shown again.</Trans>{' '}
        <Trans>
          Give it to {name} alone: there they choose their password and set up their authenticator app. It works once.
        </Trans>
      </p>
      <Details
        rows={[
          { term: t`Operator name`, value: name, kind: 'code' },
          { term: t`Enrolment link`, value: link, kind: 'code' },
          { term: t`Valid until`, value: <DateTime iso={enrolment.expires_at} /> },
        ]}
      />
      <button type="button" className="button" onClick={onDone}>
        {t`Done, hide it`}
      </button>
    </Panel>
  );
}

function AddOperatorForm({ onAdded }: { onAdded: (enrolment: NewOperatorEnrolment) => void }) {
  const { t } = useLingui();
  const labels = useLabels();
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('reviewer');
  const { form, busy, failure, errorOf, run } = useAction(['name', 'role'] as const);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let enrolment: NewOperatorEnrolment | null = null;
    if (await run(async () => (enrolment = await call('operators/add', { name: name.trim(), role })))) {
      setName('');
      setRole('reviewer');
      if (enrolment) onAdded(enrolment);
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

function EnrolmentBadge({ enrolment }: { enrolment: OperatorAccount['enrolment'] }) {
  const { t } = useLingui();
  if (enrolment === 'done') return <Badge tone="good">{t`Enrolled`}</Badge>;
  if (enrolment === 'waiting') return <Badge tone="neutral">{t`Waiting for enrolment`}</Badge>;
  return <Badge tone="bad">{t`Link expired`}</Badge>;
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
            <th scope="col">{t`Enrolment`}</th>
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
                <EnrolmentBadge enrolment={account.enrolment} />
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

/** Who may work in the console: add an account (its enrolment link shown once), or disable one. */
export function OperatorsPage() {
  const { t } = useLingui();
  useTitle(t`Operators`);
  const { data, error, mutate } = useList('operators/list');
  const revalidate = useRevalidate();
  const [enrolment, setEnrolment] = useState<NewOperatorEnrolment | null>(null);
  return (
    <>
      <h1>
        <Trans>Operators</Trans>
      </h1>
      <AdminOnly>
        <div className="admin-page">
          <Panel title={t`Add an operator`}>
            {enrolment ? (
              <EnrolmentLinkPanel enrolment={enrolment} onDone={() => setEnrolment(null)} />
            ) : (
              <AddOperatorForm
                onAdded={(added) => {
                  setEnrolment(added);
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
