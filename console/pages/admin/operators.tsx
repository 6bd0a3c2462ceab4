import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { NewOperatorEnrolment, OperatorAccount, OperatorRole } from '../../../contract/console';
import { call } from '../../api/client';
import { useList, useRevalidate } from '../../api/reads';
import { Badge } from '../../ui/badge';
import { BusyButton } from '../../ui/busy-button';
import { ConfirmButton } from '../../ui/confirm-button';
import { DataTable } from '../../ui/data-table';
import { ErrorNote } from '../../ui/failure';
import { Field } from '../../../web-kit/ui/field';
import { SelectField } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { DateTime } from '../../ui/values';
import { useLabels } from '../../ui/labels';
import { useAction } from '../../lib/use-action';
import { AdminPage, useOperator } from '../../state/operator';
import { ListSection } from '../../ui/list-section';

/**
 * A new account: where its enrolment link went. The link itself is never shown: its operator sets
 * the password and the authenticator there, so the admin who added the account knows neither.
 */
function AddedOperatorPanel({ added, onDone }: { added: NewOperatorEnrolment; onDone: () => void }) {
  const { t } = useLingui();
  const { name, email } = added;
  return (
    <Panel title={t`Account ${name} added`} level={3}>
      <div className="note-and-action">
        <p className="note note-info" role="status">
          <Trans>
            The enrolment link went to {email} alone. There {name} chooses a password and sets up an authenticator app;
            the link works once, until <DateTime iso={added.expires_at} />.
          </Trans>{' '}
          <Trans>
            Their approvals count toward four eyes 24 hours after they enrol, or sooner once another administrator
            confirms them here. Every administrator has been told by e-mail.
          </Trans>
        </p>
        <button type="button" className="button" onClick={onDone}>
          {t`Add another operator`}
        </button>
      </div>
    </Panel>
  );
}

function AddOperatorForm({ onAdded }: { onAdded: (added: NewOperatorEnrolment) => void }) {
  const { t } = useLingui();
  const labels = useLabels();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('reviewer');
  const { form, busy, failure, errorOf, run } = useAction(['name', 'email', 'role'] as const);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let added: NewOperatorEnrolment | null = null;
    const fields = { name: name.trim(), email: email.trim(), role };
    if (await run(async () => (added = await call('operators/add', fields)))) {
      setName('');
      setEmail('');
      setRole('reviewer');
      if (added) onAdded(added);
    }
  };
  return (
    <form className="form record-form" ref={form} noValidate onSubmit={(event) => void submit(event)}>
      <div className="record-fields">
        <Field
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
        <Field
          label={t`Their own e-mail address`}
          name="email"
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          hint={t`Their one-time enrolment link goes there, and nowhere else`}
          value={email}
          onChange={setEmail}
          error={errorOf('email')}
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

/** A second administrator's word that an operator's approvals count now, before their 24 hours. */
function ConfirmOperatorButton({ account }: { account: OperatorAccount }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { busy, failure, run } = useAction();
  const { name } = account;
  const confirm = async () => {
    if (await run(() => call('operators/confirm', { name }))) revalidate('operators/', 'four-eyes/');
  };
  return (
    <>
      <ConfirmButton
        className="button"
        busy={busy}
        question={t`Count ${name}'s approvals toward four eyes from now on? Confirm only if you know who enrolled as ${name}.`}
        onConfirm={() => void confirm()}
      >
        {t`Confirm`}
      </ConfirmButton>
      <ErrorNote error={failure} />
    </>
  );
}

function DisableOperatorButton({ account }: { account: OperatorAccount }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { busy, failure, run } = useAction();
  const { name } = account;
  const disable = async () => {
    if (await run(() => call('operators/disable', { name }))) revalidate('operators/', 'four-eyes/');
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

/** Whether an enrolled operator's approvals count toward four eyes now, or from when. */
function FourEyesBadge({ account }: { account: OperatorAccount }) {
  const { t } = useLingui();
  if (account.counts) return <Badge tone="good">{t`Counts toward four eyes`}</Badge>;
  if (account.counts_from === null) return null;
  return (
    <Badge tone="warning">
      <Trans>
        Counts from <DateTime iso={account.counts_from} layout="short" />
      </Trans>
    </Badge>
  );
}

function OperatorsTable({ operators }: { operators: readonly OperatorAccount[] }) {
  const { t } = useLingui();
  const labels = useLabels();
  const me = useOperator().name;
  // Another administrator's word only: not one's own account, nor one's own addition.
  const confirmable = (account: OperatorAccount) =>
    account.status === 'active' &&
    account.counts_from !== null &&
    !account.counts &&
    account.name !== me &&
    account.added_by !== me;
  return (
    <DataTable
      rows={operators}
      rowKey={(account) => account.name}
      columns={[
        {
          header: t`Operator name`,
          cell: (account) => (
            <>
              <span className="code">{account.name}</span>
              {account.name === me ? <span className="muted"> · {t`you`}</span> : null}
              <br />
              <span className="muted operator-email">{account.email ?? t`No e-mail address`}</span>
            </>
          ),
        },
        { header: t`Role`, cell: (account) => labels.role(account.role) },
        {
          header: t`Account status`,
          cell: (account) =>
            account.status === 'active' ? (
              <Badge tone="good">{t`Active`}</Badge>
            ) : (
              <Badge tone="bad">{t`Disabled`}</Badge>
            ),
        },
        {
          header: t`Enrolment and four eyes`,
          cell: (account) => (
            <div className="badge-stack">
              <EnrolmentBadge enrolment={account.enrolment} />
              {account.status === 'active' ? <FourEyesBadge account={account} /> : null}
            </div>
          ),
        },
        { header: t`Created`, cell: (account) => <DateTime iso={account.created_at} layout="short" /> },
        {
          header: t`Actions`,
          cell: (account) => (
            <div className="row-actions operator-actions">
              {confirmable(account) ? <ConfirmOperatorButton account={account} /> : null}
              {account.status === 'active' && account.name !== me ? <DisableOperatorButton account={account} /> : null}
            </div>
          ),
        },
      ]}
    />
  );
}

/**
 * Who may work in the console: add an account (its enrolment link mailed to its operator alone),
 * confirm a new one's approvals as a second administrator, or disable one.
 */
export function OperatorsPage() {
  const { t } = useLingui();
  const { data, error, mutate } = useList('operators/list');
  const revalidate = useRevalidate();
  const [added, setAdded] = useState<NewOperatorEnrolment | null>(null);
  return (
    <AdminPage title={t`Operators`}>
      <div className="admin-page">
        <Panel title={t`Add an operator`}>
          {added ? (
            <AddedOperatorPanel added={added} onDone={() => setAdded(null)} />
          ) : (
            <AddOperatorForm
              onAdded={(operator) => {
                setAdded(operator);
                revalidate('operators/', 'four-eyes/');
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
    </AdminPage>
  );
}
