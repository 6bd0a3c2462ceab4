import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { CustomerDetail } from '../../../contract/console';
import { call } from '../../api/client';
import { useRevalidate } from '../../api/reads';
import { REMARK_MAX_LENGTH } from '../../api/wire';
import { BusyButton } from '../../ui/busy-button';
import { ConfirmButton } from '../../ui/confirm-button';
import { ErrorNote } from '../../ui/failure';
import { Field } from '../../../web-kit/ui/field';
import { TextArea } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { useAction } from '../../lib/use-action';

type Customer = CustomerDetail['customer'];

/** Disable with a reason (their sessions end at once), or enable again. */
export function AccountStatusPanel({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { form, busy, failure, errorOf, run, refuse } = useAction(['reason'] as const);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const change = async (status: 'active' | 'disabled') => {
    setDone(null);
    const ok = await run(() =>
      call('customers/status', { id: String(customer.id), status, reason: status === 'disabled' ? reason.trim() : '' }),
    );
    if (!ok) return;
    setReason('');
    setDone(status === 'disabled' ? t`The account is disabled; its sessions have ended.` : t`The account is enabled.`);
    revalidate('customers/', 'review/');
  };
  const disabled = customer.status === 'disabled';
  const { account } = customer;
  return (
    <Panel title={t`Account status`}>
      {done ? (
        <p className="note note-success" role="status">
          {done}
        </p>
      ) : null}
      {disabled ? (
        <div className="form">
          <p className="muted">
            <Trans>This account is disabled: the customer cannot sign in.</Trans>
          </p>
          <BusyButton className="button-primary" busy={busy} onClick={() => void change('active')}>
            {t`Enable`}
          </BusyButton>
        </div>
      ) : (
        <form className="form" ref={form} noValidate onSubmit={(event) => event.preventDefault()}>
          <TextArea
            label={t`Reason for disabling`}
            name="reason"
            rows={2}
            maxLength={REMARK_MAX_LENGTH}
            hint={t`Kept in the audit log. The customer is signed out at once and cannot sign in.`}
            value={reason}
            onChange={setReason}
            error={errorOf('reason')}
          />
          <ConfirmButton
            className="button-danger"
            busy={busy}
            question={t`Disable the account ${account}? The customer is signed out at once.`}
            ready={() => {
              if (reason.trim()) return true;
              refuse('reason', t`Write why the account is disabled.`);
              return false;
            }}
            onConfirm={() => void change('disabled')}
          >
            {t`Disable`}
          </ConfirmButton>
        </form>
      )}
      <ErrorNote error={failure} />
    </Panel>
  );
}

/** An administrator sets the VIP level, 0 to 99. */
export function VipPanel({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { form, busy, failure, errorOf, run, refuse } = useAction(['level'] as const);
  const [level, setLevel] = useState(String(customer.vip));
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (!/^\d{1,2}$/.test(level.trim())) {
      refuse('level', t`Enter a whole number from 0 to 99.`);
      return;
    }
    if (await run(() => call('customers/vip', { id: String(customer.id), level: level.trim() }))) {
      setSaved(true);
      revalidate('customers/', 'review/');
    }
  };
  return (
    <Panel title={t`VIP level`}>
      <form className="form form-inline" ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label={t`VIP level (0 to 99)`}
          name="level"
          inputMode="numeric"
          maxLength={2}
          value={level}
          onChange={(value) => {
            setLevel(value);
            setSaved(false);
          }}
          error={errorOf('level')}
        />
        <BusyButton type="submit" className="button-primary" busy={busy}>
          {t`Save`}
        </BusyButton>
      </form>
      {saved ? (
        <p className="note note-success" role="status">
          {t`VIP level saved.`}
        </p>
      ) : null}
      <ErrorNote error={failure} />
    </Panel>
  );
}
