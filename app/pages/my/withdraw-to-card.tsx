import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { MIN_WITHDRAW_CENTS, type BankType } from '../../../contract/rules';
import { cents, formatMoney } from '../../../contract/money';
import { useBinding } from '../../api/bank';
import { useMoneyInfo } from '../../api/userinfo';
import { browserHasPasskeys, confirmWithPasskey, useHasPasskeys } from '../../api/passkeys';
import { createWithdrawal, type WithdrawProof } from '../../api/withdraw';
import { navigate, useHashSearch } from '../../../web-kit/lib/hash-location';
import { formatAmount } from '../../../web-kit/lib/format';
import { checkAmount } from '../../lib/money-input';
import { useRequestId } from '../../lib/request-id';
import { showToast } from '../../state/toast';
import { useAmountMessage } from '../../ui/amount-message';
import { Field, PasswordField } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { HoldNotice, useStillHeld } from '../../ui/hold-notice';
import { useGuard } from '../../ui/guarded-button';
import { Money } from '../../ui/money';
import { ErrorState, Spinner } from '../../ui/states';
import { PATHS } from '../../lib/paths';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { usePasskeyProblemMessage } from '../shared/passkey-problems';

const FIELDS = ['amount', 'password'] as const;
const MIN_WITHDRAW = formatMoney(cents(MIN_WITHDRAW_CENTS));

export default function WithdrawToCardPage() {
  const { t, i18n } = useLingui();
  const amountMessage = useAmountMessage();
  const type: BankType = new URLSearchParams(useHashSearch()).get('type') === 'wise' ? 'wise' : 'bank';
  const { binding, error: bindingError, mutate: retryBinding } = useBinding(type);
  const { data: money } = useMoneyInfo();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const { errors, focusRound, show, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();
  const requestId = useRequestId([type, binding?.bk_id, amount]);
  const held = useStillHeld(binding?.usable_at);
  const canUsePasskey = useHasPasskeys() && browserHasPasskeys();
  const problemMessage = usePasskeyProblemMessage();

  if (binding === undefined) {
    return bindingError ? <ErrorState onRetry={() => void retryBinding()} /> : <Spinner label={t`Loading`} />;
  }
  if (binding === null) {
    return (
      <section className="card success-panel" aria-labelledby="bind-first">
        <h2 id="bind-first">{type === 'bank' ? t`Bind your bank card first` : t`Bind your Wise account first`}</h2>
        <p className="muted">
          <Trans>Withdrawals go only to an account bound to your wallet.</Trans>
        </p>
        <Link href={`${PATHS.binding}?type=${type}`} className="button">
          <Trans>Bind now</Trans>
        </Link>
      </section>
    );
  }

  /** With the password, or (`withPasskey`) with a passkey that checks it is the customer. */
  const submit = (withPasskey: boolean) =>
    run(async () => {
      const checked = checkAmount(amount, { min: MIN_WITHDRAW, ...(money ? { available: money.balance } : {}) });
      const found = collectErrors({
        amount: checked.problem
          ? amountMessage(checked.problem, { min: MIN_WITHDRAW, emptyMessage: t`Please enter the withdrawal amount` })
          : undefined,
        password: password || withPasskey ? undefined : t`Please enter the password`,
      });
      show(found);
      if (hasErrors(found)) return;
      try {
        let proof: WithdrawProof = { password };
        if (withPasskey) {
          const confirmed = await confirmWithPasskey();
          if (!confirmed.ok) {
            showToast(problemMessage(confirmed.problem));
            return;
          }
          proof = confirmed.value;
        }
        await createWithdrawal({ type, bk_id: binding.bk_id, amount: amount.trim(), request_id: requestId }, proof);
        showToast(t`Order placed successfully`);
        navigate(`${PATHS.withdrawalRecords}?placed=1`, { replace: true });
      } catch (error) {
        showFailure(error);
        setPassword('');
      }
    });

  return (
    <>
      <section className="card" aria-labelledby="to-account">
        <h2 id="to-account">{type === 'bank' ? t`To your bank card` : t`To your Wise account`}</h2>
        <p className="row">
          <span>{type === 'bank' ? (binding.type === 'bank' ? binding.bank_name : '') : t`Wise`}</span>
          <span className="figure">{binding.iban}</span>
        </p>
        <HoldNotice binding={binding} held={held} />
      </section>
      <Form onSubmit={() => void submit(false)} focusRound={focusRound}>
        <Field
          label={t`Withdrawal amount (USDT)`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t`At least ${formatAmount(MIN_WITHDRAW, i18n.locale)}`}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          addon={
            <button
              type="button"
              className="button secondary"
              disabled={!money}
              onClick={() => money && setAmount(money.balance)}
            >
              {t`All`}
            </button>
          }
        />
        <p className="field-hint">
          <Trans>
            Available: {money ? <Money value={money.balance} /> : '…'} USDT. The amount leaves your balance now and is
            returned if the withdrawal is rejected.
          </Trans>
        </p>
        <PasswordField value={password} onChange={setPassword} error={errors.password} />
        <button type="submit" className="button block" disabled={busy || held} aria-busy={busy || undefined}>
          {t`Withdraw`}
        </button>
        {canUsePasskey ? (
          <button
            type="button"
            className="button secondary block"
            disabled={busy || held}
            onClick={() => void submit(true)}
          >
            <Trans>Confirm with passkey instead</Trans>
          </button>
        ) : null}
      </Form>
    </>
  );
}
