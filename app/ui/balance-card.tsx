import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MoneyInfo } from '../../contract/responses';
import { Money } from './money';

/** Available balance in large type, with frozen, interest wallet and total beneath it. */
export function BalanceCard({
  money,
  action,
  children,
}: {
  money: MoneyInfo | undefined;
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
      <p className="balance-figure" data-testid="balance" aria-busy={money ? undefined : true}>
        {money ? <Money value={money.balance} /> : <span className="skeleton">{'\u00a0'.repeat(8)}</span>}
        <span className="unit">USDT</span>
      </p>
      <dl className="figures">
        <div>
          <dt>
            <Trans>Frozen</Trans>
          </dt>
          <dd>{money ? <Money value={money.frozen} /> : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Interest wallet</Trans>
          </dt>
          <dd>{money ? <Money value={money.wallet} /> : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{money ? <Money value={money.total} /> : '—'}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
