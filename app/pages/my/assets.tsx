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
  const { data: property, error, mutate } = useAssetTotals();
  const { data: money, error: moneyError, mutate: retryMoney } = useMoneyInfo();
  return (
    <>
      <BalanceCard money={money} failed={moneyError !== undefined && !money} onRetry={() => void retryMoney()} />
      <StatGrid
        label={t`My assets`}
        failed={error !== undefined && !property}
        onRetry={() => void mutate()}
        stats={[
          { label: t`Balance`, value: property && <Money value={property.balance} /> },
          { label: t`Recharge amount`, value: property && <Money value={property.recharge_amount} /> },
          { label: t`Total acquisition`, value: property && <Money value={property.total_acquisition} /> },
          { label: t`Total sale`, value: property && <Money value={property.total_sale} /> },
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
