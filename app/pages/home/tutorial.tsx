import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PATHS } from '../../lib/paths';

function Guide({
  id,
  title,
  children,
  to,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  to: string;
  action: string;
}) {
  return (
    <section className="card guide" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol className="steps">{children}</ol>
      <Link href={to} className="button secondary small-button">
        {action}
      </Link>
    </section>
  );
}

export default function TutorialPage() {
  const { t } = useLingui();
  return (
    <>
      <p className="lead">
        <Trans>Five short guides to using your wallet safely. Each ends with a button that takes you there.</Trans>
      </p>

      <Guide id="guide-recharge" title={t`1. Recharge: put USDT in`} to={PATHS.recharge} action={t`Go to Recharge`}>
        <li>
          <Trans>Open Recharge and choose the network your USDT is on (for example TRC20).</Trans>
        </li>
        <li>
          <Trans>
            Send USDT from your exchange or wallet to the address shown, or scan its QR code. Send only USDT, only on
            that network.
          </Trans>
        </li>
        <li>
          <Trans>
            Enter the amount you sent (at least the minimum shown) and upload a screenshot of the transfer as proof.
          </Trans>
        </li>
        <li>
          <Trans>Submit. After review the amount is credited to your balance and you are notified in the app.</Trans>
        </li>
      </Guide>

      <Guide id="guide-sell" title={t`2. Sell USDT to a merchant`} to={PATHS.hall} action={t`Go to the Hall`}>
        <li>
          <Trans>
            Open the Hall. Offers are listed with the best price first, with each merchant's completion rate.
          </Trans>
        </li>
        <li>
          <Trans>Tap Sell, enter a quantity within the offer's limits and check the amount you will receive.</Trans>
        </li>
        <li>
          <Trans>Confirm. The USDT leaves your balance at once and the order shows In audit under Order.</Trans>
        </li>
        <li>
          <Trans>
            When the merchant has paid, the order shows Completed. If it is rejected, the USDT returns to your balance.
          </Trans>
        </li>
      </Guide>

      <Guide
        id="guide-wallet"
        title={t`3. Earn interest in the wallet`}
        to={PATHS.interestWallet}
        action={t`Go to the Interest wallet`}
      >
        <li>
          <Trans>Open the Interest wallet and compare the products: yearly rate, term in days and limits.</Trans>
        </li>
        <li>
          <Trans>
            Enter an amount; the app shows the interest you will get, rounded down to the cent, and the payout date.
          </Trans>
        </li>
        <li>
          <Trans>
            The amount is locked for the whole term. On the last day, principal and interest return to your balance by
            themselves.
          </Trans>
        </li>
      </Guide>

      <Guide id="guide-withdraw" title={t`4. Withdraw to your bank`} to={PATHS.withdraw} action={t`Go to Withdraw`}>
        <li>
          <Trans>
            Bind your bank card or Wise account once under Account binding. Check every detail: only customer service
            can change them later.
          </Trans>
        </li>
        <li>
          <Trans>Open Withdraw, choose the account, enter the amount (at least 10.00 USDT) and your password.</Trans>
        </li>
        <li>
          <Trans>
            The amount leaves your balance at once and shows In audit under Withdrawal records. If it is rejected, it is
            refunded.
          </Trans>
        </li>
      </Guide>

      <Guide
        id="guide-safety"
        title={t`5. Stay safe from scams`}
        to={PATHS.customerService}
        action={t`Contact customer service`}
      >
        <li>
          <Trans>
            Never share your password or e-mail code with anyone, including people who say they are from our team.
          </Trans>
        </li>
        <li>
          <Trans>
            Only send USDT to the address on the Recharge screen. Addresses sent to you in chats are not ours.
          </Trans>
        </li>
        <li>
          <Trans>
            Be wary of promises of guaranteed profit or requests to pay a fee to unlock a withdrawal: we never ask for
            that.
          </Trans>
        </li>
        <li>
          <Trans>Log out on shared devices, and contact customer service at once if something looks wrong.</Trans>
        </li>
      </Guide>
    </>
  );
}
