import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { TX_HASH_PATTERN } from '../../../contract/chain';
import type { ReceivingAddress, RechargeQuote } from '../../../contract/responses';
import { createRecharge } from '../../api/recharge';
import { ServerRefusal } from '../../../web-kit/lib/failures';
import { formatAmount } from '../../../web-kit/lib/format';
import { checkAmount } from '../../lib/money-input';
import { useRequestId } from '../../lib/request-id';
import { showToast } from '../../state/toast';
import { useAmountMessage } from '../../ui/amount-message';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { ImagePicker } from '../../ui/image-picker';
import { QrCode } from '../../../web-kit/ui/qr-code';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { IMAGE_ACCEPT, useImageUpload } from '../shared/image-upload';

/** An address to pay to, as QR code and text, and the button that copies it. */
export function AddressLines({ address, qrLabel }: { address: string; qrLabel: string }) {
  const { t } = useLingui();
  return (
    <>
      <QrCode value={address} label={qrLabel} />
      <p className="address-text" data-testid="receiving-address">
        {address}
      </p>
      <CopyButton text={address} label={t`Copy the address`} onCopied={() => showToast(t`copy success!`)} />
    </>
  );
}

/** After a recharge is submitted: what happens next, and the way back or to another one. */
export function SubmittedPanel({
  checkedOnChain,
  type,
  onAgain,
}: {
  checkedOnChain: boolean;
  type: string;
  onAgain: () => void;
}) {
  return (
    <section className="card success-panel" aria-labelledby="recharge-done">
      <h2 id="recharge-done">
        <Trans>Recharge submitted</Trans>
      </h2>
      <p className="muted">
        {checkedOnChain ? (
          <Trans>
            We are looking for your transaction on the {type} network. Your balance is credited by itself once it is
            confirmed; if anything differs, our team reviews it. You will be notified here.
          </Trans>
        ) : (
          <Trans>We check your transfer and credit your balance after review. You will be notified here.</Trans>
        )}
      </p>
      <div className="actions">
        <Link href="/" className="button">
          <Trans>Back to Home</Trans>
        </Link>
        <button type="button" className="button secondary" onClick={onAgain}>
          <Trans>New recharge</Trans>
        </button>
      </div>
    </section>
  );
}

const FIELDS = ['amount', 'txid', 'credentials'] as const;

/**
 * The proof of a transfer to a shared address: the amount sent (unless a unique amount was
 * reserved for it, which is the amount), the transaction's hash (optional; where the server
 * reads the chain, a transfer of the reserved amount is credited without review) and a
 * screenshot of the transfer.
 */
export function ProofForm({
  address,
  quote,
  onSubmitted,
  onAddressChanged,
  onQuoteGone,
}: {
  address: ReceivingAddress;
  quote?: RechargeQuote;
  /** Whether the server looks for the transfer on the chain by itself. */
  onSubmitted: (checkedOnChain: boolean) => void;
  onAddressChanged: () => void;
  /** The reservation cannot back this recharge any more (another recharge rests on it). */
  onQuoteGone?: () => void;
}) {
  const { t } = useLingui();
  const amountMessage = useAmountMessage();
  const [amount, setAmount] = useState('');
  const [txid, setTxid] = useState('');
  const { errors, focusRound, show, showOne, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();
  // Its own guard: a picture chosen just after a refused Submit must still upload.
  const [, runUpload] = useGuard();
  const proof = useImageUpload((message) => showOne('credentials', message, false));
  const sent = quote ? quote.exact_amount : amount.trim();
  const requestId = useRequestId([address.type, address.address, sent, txid, proof.url, quote?.id]);

  const submit = () =>
    run(async () => {
      const checked = quote ? undefined : checkAmount(amount, { min: address.min_amount });
      const found = collectErrors({
        amount: checked?.problem
          ? amountMessage(checked.problem, {
              min: address.min_amount,
              emptyMessage: t`Please enter the recharge amount`,
            })
          : undefined,
        txid:
          txid.trim() === '' || TX_HASH_PATTERN.test(txid.trim())
            ? undefined
            : t`A transaction hash is 64 characters from 0–9 and a–f (with or without 0x)`,
        credentials: proof.url ? undefined : t`Please upload the transfer proof`,
      });
      show(found);
      if (hasErrors(found) || !proof.url) return;
      try {
        await createRecharge({
          type: address.type,
          address: address.address,
          amount: sent,
          credentials: proof.url,
          txid: txid.trim(),
          request_id: requestId,
          ...(quote ? { quote_id: String(quote.id) } : {}),
        });
        showToast(t`Submit success`);
        onSubmitted(quote !== undefined && txid.trim() !== '');
      } catch (error) {
        if (error instanceof ServerRefusal && error.field === 'address') onAddressChanged();
        if (error instanceof ServerRefusal && error.field === 'quote_id') onQuoteGone?.();
        showFailure(error);
      }
    });

  return (
    <Form onSubmit={() => void submit()} focusRound={focusRound}>
      {quote ? null : (
        <AmountField minAmount={address.min_amount} value={amount} onChange={setAmount} error={errors.amount} />
      )}
      <Field
        label={t`Transaction hash (TXID), optional`}
        name="txid"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={txid}
        onChange={setTxid}
        error={errors.txid}
        hint={
          quote
            ? t`Copy it from your wallet: with it, the recharge is credited by itself as soon as the network confirms the transfer.`
            : t`Copy it from your wallet: it helps us find your transfer.`
        }
      />
      <ImagePicker
        label={t`Transfer proof (screenshot of the transfer)`}
        accept={IMAGE_ACCEPT}
        preview={proof.preview ? <img src={proof.preview} alt="" className="image-preview" /> : null}
        hasImage={proof.preview !== undefined}
        busy={proof.uploading}
        error={errors.credentials}
        onPick={(file) => {
          if (proof.check(file)) void runUpload(() => proof.upload(file));
        }}
      />
      <button type="submit" className="button block" disabled={busy || proof.uploading} aria-busy={busy || undefined}>
        {t`Submit`}
      </button>
    </Form>
  );
}

/** The amount to recharge, with the network's minimum as its hint. */
export function AmountField({
  minAmount,
  value,
  onChange,
  error,
}: {
  minAmount: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useLingui();
  return (
    <Field
      label={t`Amount (USDT)`}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder={t`At least ${formatAmount(minAmount, i18n.locale)}`}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
