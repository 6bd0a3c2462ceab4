import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MoneyInfo } from '../../contract/responses';
import { Money } from './money';
import { ErrorState, Skeleton } from './states';

/** One figure under the balance: a placeholder until it is known. */
function Figure({ label, value }: { label: ReactNode; value: string | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd aria-busy={value === undefined ? true : undefined}>
        {value === undefined ? <Skeleton /> : <Money value={value} />}
      </dd>
    </div>
  );
}

/** Available balance in large type, with frozen, interest wallet and total beneath it. */
export function BalanceCard({
  money,
  failed,
  onRetry,
  action,
  children,
}: {
  money: MoneyInfo | undefined;
  /** The read failed and nothing is known: the figures give way to the error and a retry. */
  failed: boolean;
  onRetry: () => void;
  /** Beside the label, e.g. the hide-amounts eye. */
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="card balance-card" aria-labelledby="balance-label">
      <div className="row">
        <p className="balance-label" id="balance-label">
          <Trans>Available balance</Trans>
        </p>
        {action}
      </div>
      {failed ? (
        <ErrorState onRetry={onRetry} />
      ) : (
        <>
          <p className="balance-figure" data-testid="balance" aria-busy={money ? undefined : true}>
            {money ? <Money value={money.balance} /> : <Skeleton width={8} />}
            <span className="unit">USDT</span>
          </p>
          <dl className="figures">
            <Figure label={<Trans>Frozen</Trans>} value={money?.frozen} />
            <Figure label={<Trans>Interest wallet</Trans>} value={money?.wallet} />
            <Figure label={<Trans>Total</Trans>} value={money?.total} />
          </dl>
        </>
      )}
      {children}
    </section>
  );
}
