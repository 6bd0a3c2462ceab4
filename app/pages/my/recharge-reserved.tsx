import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReceivingAddress, RechargeQuote } from '../../../contract/responses';
import { reserveAmount } from '../../api/recharge';
import { ServerRefusal } from '../../../web-kit/lib/failures';
import { formatAmount, formatDateTime } from '../../../web-kit/lib/format';
import { checkAmount } from '../../lib/money-input';
import { useMinutesLeft } from '../../lib/time-left';
import { showToast } from '../../state/toast';
import { useAmountMessage } from '../../ui/amount-message';
import { CopyButton } from '../../ui/copy-button';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { useFieldErrors } from '../shared/field-errors';
import { AddressLines, AmountField, ProofForm, SubmittedPanel } from './recharge-proof';

const AMOUNT_FIELDS = ['amount'] as const;

/** The first step: how much the customer means to recharge, for which the server reserves an exact amount. */
function AmountStep({
  address,
  initial,
  onReserved,
  onAddressChanged,
}: {
  address: ReceivingAddress;
  initial: string;
  onReserved: (quote: RechargeQuote) => void;
  onAddressChanged: () => void;
}) {
  const { t } = useLingui();
  const amountMessage = useAmountMessage();
  const [amount, setAmount] = useState(initial);
  const { errors, focusRound, show, showFailure } = useFieldErrors(AMOUNT_FIELDS);
  const [busy, run] = useGuard();
  const type = address.type;

  const submit = () =>
    run(async () => {
      const checked = checkAmount(amount, { min: address.min_amount });
      if (checked.problem) {
        show({
          amount: amountMessage(checked.problem, {
            min: address.min_amount,
            emptyMessage: t`Please enter the recharge amount`,
          }),
        });
        return;
      }
      show({});
      try {
        onReserved(await reserveAmount({ type, address: address.address, amount: amount.trim() }));
      } catch (error) {
        if (error instanceof ServerRefusal && error.field === 'address') onAddressChanged();
        showFailure(error);
      }
    });

  return (
    <>
      <section className="card" aria-labelledby="reserve-title">
        <h2 id="reserve-title">
          <Trans>Recharge USDT ({type})</Trans>
        </h2>
        <p className="muted small">
          <Trans>
            Enter the amount you want to recharge. We then reserve for you an exact amount to send: yours plus a few
            cents, which nobody else is asked to send. That is how your transfer is recognised as yours and credited
            automatically.
          </Trans>
        </p>
      </section>
      <Form onSubmit={() => void submit()} focusRound={focusRound}>
        <AmountField minAmount={address.min_amount} value={amount} onChange={setAmount} error={errors.amount} />
        <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
          {t`Get the amount to send`}
        </button>
      </Form>
    </>
  );
}

/**
 * The amount reserved for the customer, to send to the shared address exactly: large and
 * copyable, with the address, until when it is held and what happens otherwise.
 */
function ReservedAmountCard({
  address,
  quote,
  onChangeAmount,
  onReserved,
}: {
  address: ReceivingAddress;
  quote: RechargeQuote;
  onChangeAmount: () => void;
  onReserved: (quote: RechargeQuote) => void;
}) {
  const { t, i18n } = useLingui();
  const minutes = useMinutesLeft(quote.expires_at);
  const [busy, run] = useGuard();
  const exact = formatAmount(quote.exact_amount, i18n.locale);
  const asked = formatAmount(quote.amount, i18n.locale);
  const until = formatDateTime(quote.expires_at, i18n.locale);
  const type = address.type;
  const reserveAgain = () =>
    run(async () => {
      onReserved(await reserveAmount({ type, address: address.address, amount: quote.amount }));
    });

  return (
    <section className="card qr-box" aria-labelledby="exact-title">
      <h2 id="exact-title">
        <Trans>Send exactly this amount</Trans>
      </h2>
      <p className="exact-amount" data-testid="exact-amount">
        {exact} USDT
      </p>
      <CopyButton text={quote.exact_amount} label={t`Copy the amount`} onCopied={() => showToast(t`copy success!`)} />
      <p className="muted small">
        <Trans>
          You asked for {asked} USDT. The cents added make your transfer yours alone; all {exact} USDT are credited to
          you.
        </Trans>
      </p>
      {minutes > 0 ? (
        <p data-testid="reserved-until">
          <Trans>
            Reserved for you until {until} ({minutes} min left).
          </Trans>
        </p>
      ) : (
        <p className="notice" role="note" data-testid="reserved-until">
          <Trans>
            This amount was reserved for you until {until}. If you sent exactly {exact} USDT before then, submit your
            proof below. If you have not sent it yet, reserve a new amount.
          </Trans>
        </p>
      )}
      <AddressLines address={address.address} qrLabel={t`QR code of the receiving address`} />
      <p className="notice">
        <Trans>
          Send only USDT on the {type} network, in one transfer of exactly {exact} USDT. Another amount, or a transfer
          sent after {until}, is not credited automatically: our team reviews it instead.
        </Trans>
      </p>
      {minutes > 0 ? (
        <button type="button" className="button secondary" onClick={onChangeAmount}>
          <Trans>Change the amount</Trans>
        </button>
      ) : (
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void reserveAgain()}
        >
          <Trans>Reserve a new amount</Trans>
        </button>
      )}
    </section>
  );
}

/**
 * A recharge to a shared address whose transfers the server reads on the chain: first the amount,
 * for which the server reserves a unique one; then that exact amount to send, and the proof. The
 * reservation comes with the address's data, so the screen opened again (after paying in another
 * app) shows it still.
 */
export function ReservedRecharge({
  address,
  onReserved,
  onRefresh,
}: {
  address: ReceivingAddress;
  /** Puts a new reservation into the address's data. */
  onReserved: (quote: RechargeQuote) => void;
  /** Reads the address (and the reservation) again. */
  onRefresh: () => void;
}) {
  const [changing, setChanging] = useState(false);
  const [submitted, setSubmitted] = useState<{ checkedOnChain: boolean } | null>(null);
  // A reservation a recharge now rests on, until the address's data read again leaves it out.
  const [used, setUsed] = useState<number>();
  const quote = changing || address.quote?.id === used ? undefined : address.quote;
  const reserved = (next: RechargeQuote) => {
    setChanging(false);
    onReserved(next);
  };
  const gone = (id: number) => {
    setUsed(id);
    onRefresh();
  };

  if (submitted) {
    return (
      <SubmittedPanel
        checkedOnChain={submitted.checkedOnChain}
        type={address.type}
        onAgain={() => setSubmitted(null)}
      />
    );
  }
  if (!quote) {
    return (
      <AmountStep
        address={address}
        initial={changing ? (address.quote?.amount ?? '') : ''}
        onReserved={reserved}
        onAddressChanged={onRefresh}
      />
    );
  }
  return (
    <>
      <ReservedAmountCard
        address={address}
        quote={quote}
        onChangeAmount={() => setChanging(true)}
        onReserved={reserved}
      />
      <ProofForm
        // A new reservation starts a new proof.
        key={quote.id}
        address={address}
        quote={quote}
        onAddressChanged={onRefresh}
        onQuoteGone={() => gone(quote.id)}
        onSubmitted={(checkedOnChain) => {
          gone(quote.id);
          setSubmitted({ checkedOnChain });
        }}
      />
    </>
  );
}
