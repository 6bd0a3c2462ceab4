import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CustomerBinding, RevealedBinding } from '../../../contract/console';
import { call } from '../../api/client';
import { BusyButton } from '../../ui/busy-button';
import { Details } from '../../ui/details';
import { ErrorNote } from '../../ui/failure';
import { Panel } from '../../ui/panel';
import { Empty } from '../../ui/states';
import { DateTime } from '../../ui/values';
import { useLabels } from '../../ui/labels';
import { useAction } from '../../lib/use-action';
import { useIsAdmin } from '../../state/operator';

/** The words for the fields a customer fills in for a payout account, by their wire names. */
function useDetailLabels(): (key: string) => string {
  const { t } = useLingui();
  const known: Record<string, string> = {
    type: t`Payout method`,
    full_name: t`Account holder`,
    name: t`First name`,
    surname: t`Surname`,
    telephone: t`Telephone`,
    email: t`E-mail address`,
    iban: t`IBAN`,
    bank_name: t`Bank name`,
    area: t`Region`,
    address: t`Address`,
    city: t`City`,
    state_region: t`State or region`,
    country: t`Country`,
    swift: t`SWIFT`,
  };
  return (key) => known[key] ?? key;
}

/** Everything the customer entered, shown after an administrator revealed it. */
function RevealedDetails({ revealed }: { revealed: RevealedBinding }) {
  const { t } = useLingui();
  const label = useDetailLabels();
  const labels = useLabels();
  return (
    <div className="revealed" role="status">
      <p className="note note-info">{t`Revealed. Your reveal is recorded in the audit log.`}</p>
      <Details
        rows={Object.entries(revealed.details).map(([key, value]) => ({
          term: label(key),
          value: key === 'type' && (value === 'bank' || value === 'wise') ? labels.bankType(value) : value,
          kind: key === 'iban' || key === 'swift' ? 'code' : undefined,
        }))}
      />
    </div>
  );
}

function BindingCard({ customerId, binding }: { customerId: number; binding: CustomerBinding }) {
  const { t } = useLingui();
  const labels = useLabels();
  const admin = useIsAdmin();
  const { busy, failure, run } = useAction();
  const [revealed, setRevealed] = useState<RevealedBinding | null>(null);
  const reveal = () =>
    void run(async () =>
      setRevealed(await call('customers/reveal-binding', { id: String(customerId), binding: String(binding.id) })),
    );
  return (
    <li className="binding">
      {revealed ? (
        <RevealedDetails revealed={revealed} />
      ) : (
        <>
          <Details
            rows={[
              { term: t`Payout method`, value: labels.bankType(binding.type) },
              { term: t`Account holder`, value: binding.holder },
              { term: t`IBAN`, value: binding.iban, kind: 'code' },
              { term: t`Bank name`, value: binding.bank },
              { term: t`Country`, value: binding.country },
              { term: t`Added`, value: <DateTime iso={binding.created_at} /> },
            ]}
          />
          {admin ? (
            <p className="binding-reveal">
              <BusyButton busy={busy} onClick={reveal}>
                {t`Reveal`}
              </BusyButton>
              <span className="muted">{t`Shows the full account. Each reveal is recorded in the audit log.`}</span>
            </p>
          ) : null}
          <ErrorNote error={failure} />
        </>
      )}
    </li>
  );
}

/** Where the customer's withdrawals go, masked; an administrator may reveal one in full. */
export function BindingsPanel({ customerId, bindings }: { customerId: number; bindings: readonly CustomerBinding[] }) {
  const { t } = useLingui();
  return (
    <Panel title={t`Payout accounts`}>
      {bindings.length === 0 ? (
        <Empty>
          <Trans>No payout account on file.</Trans>
        </Empty>
      ) : (
        <ul className="bindings">
          {bindings.map((binding) => (
            <BindingCard key={binding.id} customerId={customerId} binding={binding} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
