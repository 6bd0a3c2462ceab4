import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { parseMoney, type Cents } from '../../../contract/money';
import { useMoneyInfo } from '../../api/userinfo';
import { checkAmount } from '../../lib/money-input';
import { useRequestId } from '../../lib/request-id';
import { useAmountMessage } from '../../ui/amount-message';
import { Field } from '../../../web-kit/ui/field';
import { useGuard } from '../../ui/guarded-button';
import { Money } from '../../ui/money';
import { ErrorState } from '../../ui/states';
import { useFieldErrors } from './field-errors';

const FIELDS = ['number'] as const;

interface AmountEntryOptions {
  /** Wire amounts; `available` is the balance, when known. */
  limits: { min: string; max: string; available?: string };
  /** What to say when nothing was typed. */
  emptyMessage: string;
  /** What the amount is for (the offer, the product): a new one means a new submission. */
  subject: unknown;
}

/**
 * One USDT amount typed into a sheet and sent once: the text, its check against the limits, the
 * error shown under the field, and the guarded submit that maps the server's `number` error back
 * onto the field.
 */
export function useAmountEntry({ limits, emptyMessage, subject }: AmountEntryOptions) {
  const amountMessage = useAmountMessage();
  const [amount, setAmount] = useState('');
  const { errors, focusRound, show, showOne, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();
  const requestId = useRequestId([subject, amount]);
  // The previews follow whatever well-formed amount is typed; the limits are checked on confirm.
  const typed = parseMoney(amount.trim());
  const typedCents: Cents | undefined = typed !== null && typed > 0 ? typed : undefined;

  const submit = (send: (amount: string, requestId: string) => Promise<void>) =>
    run(async () => {
      const checked = checkAmount(amount, limits);
      if (checked.problem) {
        showOne('number', amountMessage(checked.problem, { ...limits, emptyMessage }));
        return;
      }
      show({});
      try {
        await send(amount.trim(), requestId);
      } catch (failure) {
        showFailure(failure);
      }
    });

  return { amount, setAmount, typedCents, error: errors.number, focusRound, busy, submit };
}

export type AmountEntry = ReturnType<typeof useAmountEntry>;

/** The entry's field, with a shortcut that fills in the most that can be sent (`max`). */
export function AmountField({ entry, label, max }: { entry: AmountEntry; label: string; max: string }) {
  const { t } = useLingui();
  return (
    <Field
      label={label}
      name="number"
      inputMode="decimal"
      autoComplete="off"
      value={entry.amount}
      onChange={entry.setAmount}
      error={entry.error}
      addon={
        <button type="button" className="button secondary" onClick={() => entry.setAmount(max)}>
          {t`Max`}
        </button>
      }
    />
  );
}

/** The sheet's two buttons: send the amount, or close without sending anything. */
export function AmountSheetButtons({
  entry,
  confirmLabel,
  onCancel,
}: {
  entry: AmountEntry;
  confirmLabel: string;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <button type="submit" className="button block" disabled={entry.busy} aria-busy={entry.busy || undefined}>
        {confirmLabel}
      </button>
      <button type="button" className="button secondary block" onClick={onCancel}>
        {t`Cancel`}
      </button>
    </>
  );
}

/**
 * The balance under a sheet's amount: the figure, "…" while it loads, or, when the read failed and
 * nothing is known, why and a retry. The sheet still works meanwhile: the server checks the balance.
 */
export function SheetBalance() {
  const { data: money, error, mutate } = useMoneyInfo();
  const balance = money?.balance;
  if (error !== undefined && balance === undefined) {
    return (
      <ErrorState
        onRetry={() => void mutate()}
        message={<Trans>We could not load your balance. Check your connection and try again.</Trans>}
      />
    );
  }
  return (
    <p className="field-hint" data-testid="sheet-balance">
      <Trans>Your balance: {balance === undefined ? '…' : <Money value={balance} />} USDT</Trans>
    </p>
  );
}
