import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { TX_HASH_PATTERN } from '../../../contract/chain';
import type { ReceivingAddress } from '../../../contract/responses';
import type { DepositState } from '../../../contract/rules';
import { ApiFailure } from '../../lib/failures';
import { createRecharge, useDeposits, useReceivingAddress } from '../../api/recharge';
import { formatAmount, formatDateTime } from '../../lib/format';
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

/** An address to pay to, as QR code and text, and the button that copies it. */
function AddressLines({ address, qrLabel }: { address: string; qrLabel: string }) {
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

/** The address of the chosen network, as QR code and text, with what may be sent to it. */
function AddressCard({ address }: { address: ReceivingAddress }) {
  const { t } = useLingui();
  return (
    <section className="card qr-box" aria-labelledby="address-title">
      <h2 id="address-title">
        <Trans>Send USDT ({address.type}) to this address</Trans>
      </h2>
      <AddressLines address={address.address} qrLabel={t`QR code of the receiving address`} />
      <p className="notice">
        <Trans>
          Send only USDT on the {address.type} network. Other coins or networks are lost. Minimum:{' '}
          <Money value={address.min_amount} /> USDT.
        </Trans>
      </p>
    </section>
  );
}

/** Where a transfer to the customer's own address stands: confirming n/N, credited, or not credited and why. */
function DepositStateLabel({
  state,
  confirmations,
  needed,
}: {
  state: DepositState;
  confirmations: number;
  needed: number;
}) {
  const { t } = useLingui();
  const text = {
    confirming: t`Confirming ${confirmations}/${needed}`,
    credited: t`Credited`,
    orphaned: t`Dropped by the network`,
    below_minimum: t`Below the minimum: not credited`,
  }[state];
  const tone = { confirming: 'audit', credited: 'success', orphaned: 'failure', below_minimum: 'failure' }[state];
  return <span className={`state-label state-${tone}`}>{text}</span>;
}

/**
 * The customer's own address on a watched network: nothing to upload, a transfer to it is found
 * on the chain and credited by itself once final.
 */
function OwnAddressCard({ address, confirmations }: { address: ReceivingAddress; confirmations: number }) {
  const { t } = useLingui();
  return (
    <section className="card qr-box" aria-labelledby="address-title">
      <h2 id="address-title">
        <Trans>Your own USDT ({address.type}) address</Trans>
      </h2>
      <AddressLines address={address.address} qrLabel={t`QR code of your deposit address`} />
      <p className="notice">
        <Trans>
          Send only USDT on the {address.type} network. Other coins or networks are lost. Minimum:{' '}
          <Money value={address.min_amount} /> USDT; less is not credited.
        </Trans>
      </p>
      <p className="muted small">
        <Trans>
          This address is yours alone and does not change. No upload is needed: a transfer is credited automatically
          after {confirmations} confirmations.
        </Trans>
      </p>
    </section>
  );
}

/** The transfers to the customer's own address: under way with their confirmations, then settled. */
function DepositList() {
  const { t, i18n } = useLingui();
  const { data, error, mutate } = useDeposits(true);
  if (error && !data) return <ErrorState onRetry={() => void mutate()} />;
  if (!data) return <Spinner label={t`Loading`} />;
  return (
    <section className="card" aria-labelledby="deposits-title">
      <h2 id="deposits-title">
        <Trans>Your deposits</Trans>
      </h2>
      {data.deposits.length === 0 ? (
        <p className="state">
          <Trans>No deposits yet. A transfer to your address shows here within seconds of entering a block.</Trans>
        </p>
      ) : (
        <ul className="stack-list">
          {data.deposits.map((deposit) => (
            <li key={deposit.id}>
              <article
                className="list-item"
                aria-label={t`Deposit of ${formatAmount(deposit.amount, i18n.locale)} USDT`}
              >
                <p>
                  <strong>
                    <Money value={deposit.amount} /> USDT
                  </strong>
                </p>
                <p className="end">
                  <DepositStateLabel
                    state={deposit.state}
                    confirmations={deposit.confirmations}
                    needed={deposit.needed}
                  />
                </p>
                <p className="muted small">{formatDateTime(deposit.created_at, i18n.locale)}</p>
                <p className="muted small end">{deposit.type}</p>
                <p className="muted small span" title={deposit.tx_hash}>
                  <Trans>Transaction hash</Trans> {deposit.tx_hash.slice(0, 10)}…{deposit.tx_hash.slice(-8)}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const FIELDS = ['amount', 'txid', 'credentials'] as const;

/** After a recharge is submitted: what happens next, and the way back or to another one. */
function SubmittedPanel({
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

/**
 * The proof flow of a network with a shared address: the amount sent, the transaction's hash
 * (optional; where the server reads the chain, a matching one is credited without review) and a
 * screenshot of the transfer.
 */
function ProofRecharge({ address, onAddressChanged }: { address: ReceivingAddress; onAddressChanged: () => void }) {
  const { t, i18n } = useLingui();
  const amountMessage = useAmountMessage();
  const [amount, setAmount] = useState('');
  const [txid, setTxid] = useState('');
  const { errors, focusRound, show, showOne, showFailure } = useFieldErrors(FIELDS);
  const [submitted, setSubmitted] = useState<{ checkedOnChain: boolean } | null>(null);
  const [busy, run] = useGuard();
  // Its own guard: a picture chosen just after a refused Submit must still upload.
  const [, runUpload] = useGuard();
  const proof = useImageUpload((message) => showOne('credentials', message, false));
  const requestId = useRequestId([address.type, address.address, amount, txid, proof.url]);

  const submit = () =>
    run(async () => {
      const checked = checkAmount(amount, { min: address.min_amount });
      const found = collectErrors({
        amount: checked.problem
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
          amount: amount.trim(),
          credentials: proof.url,
          txid: txid.trim(),
          request_id: requestId,
        });
        showToast(t`Submit success`);
        setSubmitted({ checkedOnChain: address.checked === true && txid.trim() !== '' });
      } catch (error) {
        if (error instanceof ApiFailure && error.field === 'address') onAddressChanged();
        showFailure(error);
      }
    });

  if (submitted) {
    return (
      <SubmittedPanel
        checkedOnChain={submitted.checkedOnChain}
        type={address.type}
        onAgain={() => {
          setSubmitted(null);
          setAmount('');
          setTxid('');
          proof.clear();
        }}
      />
    );
  }

  return (
    <>
      <AddressCard address={address} />
      <Form onSubmit={() => void submit()} focusRound={focusRound}>
        <Field
          label={t`Amount (USDT)`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t`At least ${formatAmount(address.min_amount, i18n.locale)}`}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
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
            address.checked
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
    </>
  );
}

export default function RechargePage() {
  const { t } = useLingui();
  const [network, setNetwork] = useState('');
  const { data: first, error: firstError, mutate: retryFirst } = useReceivingAddress('');
  const selected = network || first?.type || '';
  const { data: loaded, error: loadedError, mutate } = useReceivingAddress(selected);
  const address = loaded?.type === selected ? loaded : undefined;

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
      {!address ? (
        loadedError ? (
          <ErrorState onRetry={() => void mutate()} />
        ) : (
          <Spinner label={t`Loading`} />
        )
      ) : address.confirmations !== undefined ? (
        <>
          <OwnAddressCard address={address} confirmations={address.confirmations} />
          <DepositList />
        </>
      ) : (
        // Keyed by network: a half-filled form never carries over to another network's address.
        <ProofRecharge key={address.type} address={address} onAddressChanged={() => void mutate()} />
      )}
    </>
  );
}
