import { Trans, useLingui } from '@lingui/react/macro';
import { useCustomerLedger } from '../../api/reads';
import { BusyButton } from '../../ui/busy-button';
import { ErrorNote } from '../../ui/failure';
import { Panel } from '../../ui/panel';
import { Empty, LoadFailed, Loading } from '../../ui/states';
import { LedgerLinesTable } from '../ledger-lines';

/** Every movement of the customer's balance, newest first, page after page. */
export function LedgerPanel({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const { data, error, size, setSize, isLoading, mutate } = useCustomerLedger(customerId);
  const pages = data ?? [];
  const lines = pages.flatMap((page) => page.items);
  const hasMore = pages.length > 0 && pages[pages.length - 1]?.next != null;
  const loadingMore = pages.length > 0 && size > pages.length && !error;
  const loadMore = () => {
    // After a failed page, ask for the same page again rather than the one after it.
    if (size > pages.length) void mutate();
    else void setSize(size + 1);
  };
  return (
    <Panel title={t`Ledger`} wide>
      {pages.length === 0 && isLoading ? (
        <Loading>
          <Trans>Loading the ledger…</Trans>
        </Loading>
      ) : null}
      {pages.length === 0 && error ? <LoadFailed error={error} onRetry={() => void mutate()} /> : null}
      {data && lines.length === 0 ? (
        <Empty>
          <Trans>No ledger lines.</Trans>
        </Empty>
      ) : null}
      {lines.length > 0 ? <LedgerLinesTable lines={lines} /> : null}
      {pages.length > 0 && error ? <ErrorNote error={error} /> : null}
      {hasMore ? (
        <p className="more">
          <BusyButton busy={loadingMore} onClick={loadMore}>
            {t`Load more`}
          </BusyButton>
        </p>
      ) : lines.length > 0 ? (
        <p className="muted more">
          <Trans>End of the ledger.</Trans>
        </p>
      ) : null}
    </Panel>
  );
}
