import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ReceivingAddress } from '../../../contract/responses';
import { ApiFailure } from '../../lib/failures';
import { createRecharge, useReceivingAddress } from '../../api/recharge';
import { formatAmount } from '../../lib/format';
import { checkAmount } from '../../lib/money-input';
import { useRequestId } from '../../lib/request-id';
import { showToast } from '../../state/toast';
import { useAmountMessage } from '../../ui/amount-message';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { ImagePicker } from '../../ui/image-picker';
import { Money } from '../../ui/money';
import { QrCode } from '../../ui/qr-code';
import { ErrorState, Spinner } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { IMAGE_ACCEPT, useImageUpload } from '../shared/image-upload';

/** The address of the chosen network, as QR code and text, with what may be sent to it. */
function AddressCard({ address }: { address: ReceivingAddress }) {
  const { t } = useLingui();
  return (
    <section className="card qr-box" aria-labelledby="address-title">
      <h2 id="address-title">
        <Trans>Send USDT ({address.type}) to this address</Trans>
      </h2>
      <QrCode value={address.address} label={t`QR code of the receiving address`} />
      <p className="address-text" data-testid="receiving-address">
        {address.address}
      </p>
      <CopyButton text={address.address} label={t`Copy the address`} onCopied={() => showToast(t`copy success!`)} />
      <p className="notice">
        <Trans>
          Send only USDT on the {address.type} network. Other coins or networks are lost. Minimum:{' '}
          <Money value={address.min_amount} /> USDT.
        </Trans>
      </p>
    </section>
  );
}

const FIELDS = ['amount', 'credentials'] as const;

export default function RechargePage() {
  const { t, i18n } = useLingui();
  const amountMessage = useAmountMessage();
  const [network, setNetwork] = useState('');
  const { data: first, error: firstError, mutate: retryFirst } = useReceivingAddress('');
  const selected = network || first?.type || '';
  const { data: loaded, error: loadedError, mutate } = useReceivingAddress(selected);
  const address = loaded?.type === selected ? loaded : undefined;
  const [amount, setAmount] = useState('');
  const { errors, focusRound, show, showOne, showFailure } = useFieldErrors(FIELDS);
  const [submitted, setSubmitted] = useState(false);
  const [busy, run] = useGuard();
  // Its own guard: a picture chosen just after a refused Submit must still upload.
  const [, runUpload] = useGuard();
  const proof = useImageUpload((message) => showOne('credentials', message, false));
  const requestId = useRequestId([address?.type, address?.address, amount, proof.url]);

  const submit = () =>
    run(async () => {
      if (!address) return;
      const checked = checkAmount(amount, { min: address.min_amount });
      const found = collectErrors({
        amount: checked.problem
          ? amountMessage(checked.problem, {
              min: address.min_amount,
              emptyMessage: t`Please enter the recharge amount`,
            })
          : undefined,
        credentials: proof.url ? undefined : t`Please upload the transfer proof`,
      });
      show(found);
      if (hasErrors(found) || !proof.url) return;
      try {
        await createRecharge({
          type: address.type,
          address: address.address,
          amount: amount.trim(),
          credentials: proof.url,
          request_id: requestId,
        });
        showToast(t`Submit success`);
        setSubmitted(true);
      } catch (error) {
        if (error instanceof ApiFailure && error.field === 'address') void mutate();
        showFailure(error);
      }
    });

  if (submitted) {
    return (
      <section className="card success-panel" aria-labelledby="recharge-done">
        <h2 id="recharge-done">
          <Trans>Recharge submitted</Trans>
        </h2>
        <p className="muted">
          <Trans>We check your transfer and credit your balance after review. You will be notified here.</Trans>
        </p>
        <div className="actions">
          <Link href="/" className="button">
            <Trans>Back to Home</Trans>
          </Link>
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setSubmitted(false);
              setAmount('');
              proof.clear();
            }}
          >
            <Trans>New recharge</Trans>
          </button>
        </div>
      </section>
    );
  }

  if (firstError && !first) return <ErrorState onRetry={() => void retryFirst()} />;
  if (!first) return <Spinner label={t`Loading`} />;

  return (
    <>
      <Tabs
        label={t`Network`}
        options={first.types.map((type) => ({ value: type, label: type }))}
        value={selected}
        onChange={setNetwork}
      />
      {address ? (
        <AddressCard address={address} />
      ) : loadedError ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : (
        <Spinner label={t`Loading`} />
      )}
      <Form onSubmit={() => void submit()} focusRound={focusRound}>
        <Field
          label={t`Amount (USDT)`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={address ? t`At least ${formatAmount(address.min_amount, i18n.locale)}` : undefined}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
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
        <button
          type="submit"
          className="button block"
          disabled={busy || proof.uploading || !address}
          aria-busy={busy || undefined}
        >
          {t`Submit`}
        </button>
      </Form>
    </>
  );
}
