import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ReceivingAddress } from '../../../contract/responses';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '../../../contract/rules';
import { ApiFailure } from '../../lib/failures';
import { createRecharge, uploadProof, useReceivingAddress } from '../../api/recharge';
import { checkAmount } from '../../lib/money-input';
import { useRequestId } from '../../lib/request-id';
import { showToast } from '../../state/toast';
import { useAmountMessage } from '../../ui/amount-message';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { ImagePicker, useObjectUrl } from '../../ui/image-picker';
import { Money } from '../../ui/money';
import { QrCode } from '../../ui/qr-code';
import { ErrorState, Spinner } from '../../ui/states';
import { Tabs } from '../../ui/tabs';

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

interface Proof {
  file: File;
  url?: string;
}

export default function RechargePage() {
  const { t } = useLingui();
  const amountMessage = useAmountMessage();
  const [network, setNetwork] = useState('');
  const { data: first, error: firstError, mutate: retryFirst } = useReceivingAddress('');
  const selected = network || first?.type || '';
  const { data: loaded, mutate } = useReceivingAddress(selected);
  const address = loaded?.type === selected ? loaded : undefined;
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<Proof>();
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; credentials?: string }>({});
  const [round, setRound] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [busy, run] = useGuard();
  const preview = useObjectUrl(proof?.file);
  const requestId = useRequestId([address?.type, address?.address, amount, proof?.url]);

  const pick = async (file: File) => {
    if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      setErrors((current) => ({ ...current, credentials: t`Please upload a PNG, JPEG or WebP image` }));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setErrors((current) => ({ ...current, credentials: t`The image must be 5 MB or smaller` }));
      return;
    }
    setProof({ file });
    setErrors((current) => ({ ...current, credentials: undefined }));
    setUploading(true);
    try {
      const url = await uploadProof(file);
      setProof({ file, url });
    } catch (error) {
      setProof(undefined);
      setErrors((current) => ({
        ...current,
        credentials: error instanceof ApiFailure ? error.envelope.msg : t`The upload failed. Please try again.`,
      }));
    } finally {
      setUploading(false);
    }
  };

  const submit = () =>
    run(async () => {
      if (!address) return;
      const checked = checkAmount(amount, { min: address.min_amount });
      const found = {
        amount: checked.problem
          ? amountMessage(checked.problem, {
              min: address.min_amount,
              emptyMessage: t`Please enter the recharge amount`,
            })
          : undefined,
        credentials: proof?.url ? undefined : t`Please upload the recharge credentials`,
      };
      setErrors(found);
      setRound((value) => value + 1);
      if (found.amount || found.credentials || !proof?.url) return;
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
        if (error instanceof ApiFailure && (error.field === 'amount' || error.field === 'credentials')) {
          setErrors({ [error.field]: error.envelope.msg });
        }
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
              setProof(undefined);
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
      {address ? <AddressCard address={address} /> : <Spinner label={t`Loading`} />}
      <Form onSubmit={() => void submit()} errorCount={errors.amount || errors.credentials ? round : 0}>
        <Field
          label={t`Amount (USDT)`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={address ? t`At least ${address.min_amount}` : undefined}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <ImagePicker
          label={t`Transfer proof (screenshot of the transfer)`}
          accept={UPLOAD_MIME_TYPES.join(',')}
          previewUrl={preview}
          busy={uploading}
          error={errors.credentials}
          onPick={(file) => void pick(file)}
        />
        <button
          type="submit"
          className="button block"
          disabled={busy || uploading || !address}
          aria-busy={busy || undefined}
        >
          {t`Submit`}
        </button>
      </Form>
    </>
  );
}
