import { Trans, useLingui } from '@lingui/react/macro';
import { useCustomerLedger } from '../../api/reads';
import { MoreOrEnd, usePages } from '../../ui/more';
import { Panel } from '../../ui/panel';
import { Empty, LoadFailed, Loading } from '../../ui/states';
import { LedgerLinesTable } from '../../ui/ledger-lines';

/** Every movement of the customer's balance, newest first, page after page. */
export function LedgerPanel({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const read = useCustomerLedger(customerId);
  const pages = usePages(read);
  const lines = pages.pages.flatMap((page) => page.items);
  return (
    <Panel title={t`Ledger`} wide>
      {pages.pages.length === 0 && read.isLoading ? (
        <Loading>
          <Trans>Loading the ledger…</Trans>
        </Loading>
      ) : null}
      {pages.pages.length === 0 && read.error ? (
        <LoadFailed error={read.error} onRetry={() => void read.mutate()} />
      ) : null}
      {read.data && lines.length === 0 ? (
        <Empty>
          <Trans>No ledger lines.</Trans>
        </Empty>
      ) : null}
      {lines.length > 0 ? <LedgerLinesTable lines={lines} /> : null}
      <MoreOrEnd pages={pages} shown={lines.length > 0} end={<Trans>End of the ledger.</Trans>} />
    </Panel>
  );
}
