import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { DEPOSIT_STATES } from '../../contract/chain';
import type { DepositInfo, WatcherInfo } from '../../contract/console';
import type { DepositState } from '../../contract/rules';
import { call } from '../api/client';
import { useChainDeposits, useWatchers } from '../api/reads';
import { Badge, type BadgeTone } from '../ui/badge';
import { BusyButton } from '../ui/busy-button';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorNote } from '../ui/failure';
import { FormActions } from '../ui/form-actions';
import { Field } from '../../web-kit/ui/field';
import { Panel } from '../ui/panel';
import { MoreOrEnd, usePages } from '../ui/more';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { DateTime, Usdt } from '../ui/values';
import { useAction } from '../lib/use-action';
import { useIsAdmin } from '../state/operator';
import { useTitle } from '../lib/use-title';

function useDepositStateLabel(): (state: DepositState) => string {
  const { t } = useLingui();
  return (state) =>
    ({
      confirming: t`Confirming`,
      credited: t`Credited`,
      orphaned: t`Orphaned`,
      below_minimum: t`Below the minimum`,
    })[state];
}

const TONES: Record<DepositState, BadgeTone> = {
  confirming: 'waiting',
  credited: 'good',
  orphaned: 'bad',
  below_minimum: 'warning',
};

/** A red line for each watcher that has not moved for five minutes: its deposits are not being credited. */
function StalledBanner({ watchers }: { watchers: readonly WatcherInfo[] }) {
  const { t } = useLingui();
  const stalled = watchers.filter((watcher) => watcher.stalled);
  if (stalled.length === 0) return null;
  return (
    <div className="note note-error" role="alert">
      {stalled.map((watcher) => (
        <p key={watcher.type}>
          {t`The ${watcher.type} watcher has not moved for 5 minutes: transfers there are not being credited.`}
          {watcher.last_error ? ` ${t`Last error: ${watcher.last_error}`}` : ''}
        </p>
      ))}
    </div>
  );
}

/** The treasury's CSV of a network's addresses that USDT arrived at, downloaded as a file. */
function HoldingsButton({ type }: { type: string }) {
  const { t } = useLingui();
  const { busy, failure, run } = useAction();
  const download = () =>
    run(async () => {
      const { csv } = await call('deposits/holdings', { type });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = `usdt-addresses-${type.toLowerCase()}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    });
  return (
    <>
      <BusyButton busy={busy} className="button-quiet" onClick={() => void download()}>
        {t`Addresses (CSV)`} {type}
      </BusyButton>
      <ErrorNote error={failure} />
    </>
  );
}

function WatchersTable({ watchers }: { watchers: readonly WatcherInfo[] }) {
  const { t } = useLingui();
  const block = (value: number | null) => (value === null ? '—' : String(value));
  const moment = (iso: string | null) => (iso ? <DateTime iso={iso} layout="stacked" /> : '—');
  return (
    <DataTable
      rows={watchers}
      rowKey={(watcher) => watcher.type}
      columns={[
        {
          header: t`Network`,
          cell: (watcher) => (
            <>
              {watcher.type} {watcher.stalled ? <Badge tone="bad">{t`Stalled`}</Badge> : null}
            </>
          ),
        },
        { header: t`Head`, figure: true, cell: (watcher) => block(watcher.head) },
        { header: t`Final`, figure: true, cell: (watcher) => block(watcher.final) },
        { header: t`Scanned to`, figure: true, cell: (watcher) => watcher.scanned },
        { header: t`Behind (blocks)`, figure: true, cell: (watcher) => block(watcher.lag_blocks) },
        { header: t`Last checked`, cell: (watcher) => moment(watcher.checked_at) },
        { header: t`Last moved`, cell: (watcher) => moment(watcher.advanced_at) },
        { header: t`Node`, className: 'code', cell: (watcher) => watcher.node || '—' },
        { header: t`Last error`, className: 'cell-detail', cell: (watcher) => watcher.last_error || '—' },
      ]}
    />
  );
}

/** For the treasury, which sweeps with its own keys: each network's addresses USDT arrived at. */
function TreasuryExports({ watchers }: { watchers: readonly WatcherInfo[] }) {
  const { t } = useLingui();
  return (
    <div className="row-actions" role="group" aria-label={t`For the treasury`}>
      {watchers.map((watcher) => (
        <HoldingsButton key={watcher.type} type={watcher.type} />
      ))}
    </div>
  );
}

function Watchers() {
  const { t } = useLingui();
  const admin = useIsAdmin();
  const { data, error, mutate } = useWatchers();
  return (
    <section className="admin-section" aria-labelledby="watchers-title">
      <h2 id="watchers-title">{t`Watched networks`}</h2>
      {data ? (
        data.watchers.length === 0 ? (
          <Empty>{t`No network is watched. An administrator adds one in Settings.`}</Empty>
        ) : (
          <>
            <StalledBanner watchers={data.watchers} />
            <WatchersTable watchers={data.watchers} />
            {admin ? <TreasuryExports watchers={data.watchers} /> : null}
          </>
        )
      ) : error ? (
        <LoadFailed error={error} onRetry={() => void mutate()} />
      ) : (
        <Loading>{t`Loading the watchers…`}</Loading>
      )}
    </section>
  );
}

/**
 * An administrator credits a transfer that arrived below the minimum, with a reason for the audit
 * log; above the second-approval limit a second administrator must do the same.
 */
function CreditByHandPanel({
  deposit,
  onDone,
  onCancel,
}: {
  deposit: DepositInfo;
  onDone: (outcome: 'credited' | 'awaiting_second_approval') => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const { form, busy, failure, errorOf, run } = useAction(['reason', 'id']);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let outcome: 'credited' | 'awaiting_second_approval' = 'credited';
    const done = await run(async () => {
      outcome = (await call('deposits/credit', { id: String(deposit.id), reason: reason.trim() })).outcome;
    });
    if (done) onDone(outcome);
  };
  return (
    <Panel title={t`Credit ${deposit.amount} USDT to ${deposit.account} by hand`} level={3}>
      <p className="muted">
        {t`It arrived below the network's minimum and was not credited. Say why it is credited now: the reason goes to the audit log, and above the second-approval limit another administrator must approve too.`}
      </p>
      <form className="form" ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label={t`Reason for the audit log`}
          name="reason"
          maxLength={200}
          value={reason}
          onChange={setReason}
          error={errorOf('reason') ?? errorOf('id')}
        />
        <ErrorNote error={failure} />
        <FormActions submit={t`Credit ${deposit.amount} USDT`} busy={busy} onCancel={onCancel} />
      </form>
    </Panel>
  );
}

function DepositsTable({
  deposits,
  onCredit,
}: {
  deposits: readonly DepositInfo[];
  onCredit: (deposit: DepositInfo) => void;
}) {
  const { t } = useLingui();
  const label = useDepositStateLabel();
  const admin = useIsAdmin();
  const actions: Column<DepositInfo>[] = [
    {
      header: t`Actions`,
      cell: (deposit) =>
        deposit.state === 'below_minimum' ? (
          <button type="button" className="button button-quiet" onClick={() => onCredit(deposit)}>
            {t`Credit by hand`}
            <span className="visually-hidden"> {t`Deposit ${deposit.id}`}</span>
          </button>
        ) : null,
    },
  ];
  return (
    <DataTable
      rows={deposits}
      rowKey={(deposit) => deposit.id}
      columns={[
        { header: t`Seen`, cell: (deposit) => <DateTime iso={deposit.seen_at} layout="stacked" /> },
        {
          header: t`Customer account`,
          cell: (deposit) => (
            <Link href={`/customer?id=${deposit.user_id}`} className="code">
              {deposit.account}
            </Link>
          ),
        },
        { header: t`Network`, cell: (deposit) => deposit.type },
        { header: t`Amount`, figure: true, cell: (deposit) => <Usdt value={deposit.amount} /> },
        {
          header: t`State`,
          cell: (deposit) => <Badge tone={TONES[deposit.state]}>{label(deposit.state)}</Badge>,
        },
        { header: t`Block`, figure: true, cell: (deposit) => deposit.block },
        { header: t`Transaction`, className: 'code cell-wrap', cell: (deposit) => deposit.tx_hash },
        { header: t`Deposit address`, className: 'code cell-wrap', cell: (deposit) => deposit.address },
        ...(admin ? actions : []),
      ]}
    />
  );
}

function StateFilter({ current }: { current: DepositState | '' }) {
  const { t } = useLingui();
  const label = useDepositStateLabel();
  const choices: { state: DepositState | ''; text: string }[] = [
    { state: '', text: t`All` },
    ...DEPOSIT_STATES.map((state) => ({ state, text: label(state) })),
  ];
  return (
    <nav aria-label={t`Deposits by state`}>
      <ul className="tabs">
        {choices.map((choice) => (
          <li key={choice.state || 'all'}>
            <Link
              href={choice.state ? `/deposits?state=${choice.state}` : '/deposits'}
              className="tab"
              aria-current={choice.state === current ? 'page' : undefined}
            >
              {choice.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function readState(search: string): DepositState | '' {
  const state = new URLSearchParams(search).get('state') ?? '';
  return (DEPOSIT_STATES as readonly string[]).includes(state) ? (state as DepositState) : '';
}

/** Deposits read from the chain: each watcher's state, then the transfers found, by state. */
export function DepositsPage() {
  const { t } = useLingui();
  useTitle(t`Deposits`);
  const state = readState(useSearch());
  const read = useChainDeposits(state);
  const pages = usePages(read);
  const deposits = pages.pages.flatMap((page) => page.deposits);
  const [crediting, setCrediting] = useState<DepositInfo | null>(null);
  const [awaitingSecond, setAwaitingSecond] = useState(false);
  return (
    <>
      <h1>
        <Trans>Deposits</Trans>
      </h1>
      <Watchers />
      <section className="admin-section" aria-labelledby="deposits-title">
        <h2 id="deposits-title">{t`Transfers found`}</h2>
        <StateFilter current={state} />
        {pages.pages.length === 0 && read.isLoading ? <Loading>{t`Loading the deposits…`}</Loading> : null}
        {pages.pages.length === 0 && read.error ? (
          <LoadFailed error={read.error} onRetry={() => void read.mutate()} />
        ) : null}
        {read.data && deposits.length === 0 ? <Empty>{t`No deposits here.`}</Empty> : null}
        {crediting ? (
          <CreditByHandPanel
            key={crediting.id}
            deposit={crediting}
            onDone={(outcome) => {
              setAwaitingSecond(outcome === 'awaiting_second_approval');
              setCrediting(null);
              void read.mutate();
            }}
            onCancel={() => setCrediting(null)}
          />
        ) : null}
        {awaitingSecond ? (
          <p className="note note-info" role="status">
            {t`Your approval is recorded. The deposit is credited when a second administrator approves it too.`}
          </p>
        ) : null}
        {deposits.length > 0 ? <DepositsTable deposits={deposits} onCredit={setCrediting} /> : null}
        <MoreOrEnd pages={pages} shown={deposits.length > 0} end={t`End of the deposits.`} />
      </section>
    </>
  );
}
