import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReceivingAddress } from '../../../contract/responses';
import type { DepositState } from '../../../contract/rules';
import { useDeposits, useReceivingAddress } from '../../api/recharge';
import { formatAmount, formatDateTime } from '../../../web-kit/lib/format';
import { Money } from '../../ui/money';
import { ErrorState, Spinner } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { AddressLines, ProofForm, SubmittedPanel } from './recharge-proof';
import { ReservedRecharge } from './recharge-reserved';

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

/** The proof flow of a network with a shared address whose transfers nobody reads on the chain. */
function ProofRecharge({ address, onAddressChanged }: { address: ReceivingAddress; onAddressChanged: () => void }) {
  const [submitted, setSubmitted] = useState(false);
  if (submitted) {
    return <SubmittedPanel checkedOnChain={false} type={address.type} onAgain={() => setSubmitted(false)} />;
  }
  return (
    <>
      <AddressCard address={address} />
      <ProofForm address={address} onSubmitted={() => setSubmitted(true)} onAddressChanged={onAddressChanged} />
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
      ) : address.checked ? (
        // Keyed by network and address: nothing reserved or half filled carries over to another one.
        <ReservedRecharge
          key={`${address.type} ${address.address}`}
          address={address}
          onReserved={(quote) => void mutate({ ...address, quote }, { revalidate: false })}
          onRefresh={() => void mutate()}
        />
      ) : (
        // Keyed by network: a half-filled form never carries over to another network's address.
        <ProofRecharge key={address.type} address={address} onAddressChanged={() => void mutate()} />
      )}
    </>
  );
}
