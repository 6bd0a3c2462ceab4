import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useProperty } from '../../api/assets';
import { useMoneyInfo } from '../../api/userinfo';
import { BalanceCard } from '../../ui/balance-card';
import { ErrorState } from '../../ui/states';
import { StatGrid } from '../../ui/stat-grid';

export default function PropertyPage() {
  const { t } = useLingui();
  const { data: property, error, mutate } = useProperty();
  const { data: money } = useMoneyInfo();
  return (
    <>
      <BalanceCard money={money} />
      {error && !property ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <StatGrid
          label={t`My assets`}
          stats={[
            { label: t`Balance`, value: property?.balance },
            { label: t`Recharge amount`, value: property?.recharge_amount },
            { label: t`Total acquisition`, value: property?.total_acquisition },
            { label: t`Total sale`, value: property?.total_sale },
          ]}
        />
      )}
      <p className="muted small">
        <Trans>
          Recharge amount counts approved recharges; total acquisition adds interest and credits; total sale counts USDT
          sold in completed orders.
        </Trans>
      </p>
      <Link href="/pages/mine/asset-log" className="button secondary block">
        <Trans>Fund log</Trans>
      </Link>
    </>
  );
}
