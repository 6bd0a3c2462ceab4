import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useAssetTotals } from '../../api/assets';
import { useMoneyInfo } from '../../api/userinfo';
import { BalanceCard } from '../../ui/balance-card';
import { Money } from '../../ui/money';
import { StatGrid } from '../../ui/stat-grid';
import { PATHS } from '../../lib/paths';

export default function AssetsPage() {
  const { t } = useLingui();
  const { data: totals, error, mutate } = useAssetTotals();
  const { data: money, error: moneyError, mutate: retryMoney } = useMoneyInfo();
  return (
    <>
      <BalanceCard money={money} failed={moneyError !== undefined && !money} onRetry={() => void retryMoney()} />
      <StatGrid
        label={t`My assets`}
        failed={error !== undefined && !totals}
        onRetry={() => void mutate()}
        stats={[
          { label: t`Balance`, value: totals && <Money value={totals.balance} /> },
          { label: t`Recharge amount`, value: totals && <Money value={totals.recharge_amount} /> },
          { label: t`Total acquisition`, value: totals && <Money value={totals.total_acquisition} /> },
          { label: t`Total sale`, value: totals && <Money value={totals.total_sale} /> },
        ]}
      />
      <p className="muted small">
        <Trans>
          Recharge amount counts approved recharges; total acquisition adds interest and credits; total sale counts USDT
          sold in completed orders.
        </Trans>
      </p>
      <Link href={PATHS.fundLog} className="button secondary block">
        <Trans>Fund log</Trans>
      </Link>
    </>
  );
}
