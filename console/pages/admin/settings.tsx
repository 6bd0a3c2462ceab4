import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type {
  AddressInfo,
  ContactInfo,
  ProductInfo,
  ProofCheckInfo,
  SecondApprovalLimit,
} from '../../../contract/console';
import { CONTACT_CHANNEL_TYPES, type ContactChannelType } from '../../../contract/rules';
import { call } from '../../api/client';
import { useList, useReviewSettings, useRevalidate } from '../../api/reads';
import { ConfirmButton } from '../../ui/confirm-button';
import { ErrorNote } from '../../ui/failure';
import { DateTime, Usdt } from '../../ui/values';
import { useAction } from '../../lib/use-action';
import { useTitle } from '../../lib/use-title';
import { AdminOnly, useOperator } from '../../state/operator';
import { ListSection } from '../../ui/list-section';
import { RecordForm, type FieldSpec } from '../../ui/record-form';

type Editing<T> = null | 'new' | T;

function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button" onClick={onClick}>
      {t`Edit`}
    </button>
  );
}

function ProductsSection() {
  const { t } = useLingui();
  const { data, error, mutate } = useList('settings/products');
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState<Editing<ProductInfo>>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <ListSection
      title={t`Interest products`}
      action={
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t`Add product`}
        </button>
      }
      editor={
        editing ? (
          <RecordForm
            key={current?.id ?? 'new'}
            title={current ? t`Edit product ${current.name}` : t`New product`}
            fields={[
              { name: 'name', label: t`Product name`, maxLength: 80 },
              { name: 'rate', label: t`Annual rate (%)`, hint: t`Up to two decimals`, inputMode: 'decimal' },
              { name: 'days', label: t`Days`, inputMode: 'numeric', maxLength: 4 },
              { name: 'min_amount', label: t`Smallest deposit (USDT)`, inputMode: 'decimal' },
              { name: 'max_amount', label: t`Largest deposit (USDT)`, inputMode: 'decimal' },
            ]}
            initial={{
              name: current?.name ?? '',
              rate: current?.rate ?? '',
              days: current ? String(current.days) : '',
              min_amount: current?.min_amount ?? '',
              max_amount: current?.max_amount ?? '',
            }}
            save={(values) => call('settings/product-save', { id: current ? String(current.id) : '', ...values })}
            onSaved={() => {
              setEditing(null);
              revalidate('settings/products');
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the products…`}
      empty={t`No interest products yet.`}
      isEmpty={(read) => read.products.length === 0}
    >
      {(read) => (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Product name`}</th>
                <th scope="col" className="cell-figure">
                  {t`Annual rate`}
                </th>
                <th scope="col" className="cell-figure">
                  {t`Days`}
                </th>
                <th scope="col" className="cell-figure">
                  {t`Smallest deposit`}
                </th>
                <th scope="col" className="cell-figure">
                  {t`Largest deposit`}
                </th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {read.products.map((product) => (
                <tr key={product.id}>
                  <td>{product.name}</td>
                  <td className="cell-figure">{t`${product.rate} %`}</td>
                  <td className="cell-figure">{product.days}</td>
                  <td className="cell-figure">
                    <Usdt value={product.min_amount} />
                  </td>
                  <td className="cell-figure">
                    <Usdt value={product.max_amount} />
                  </td>
                  <td>
                    <EditButton onClick={() => setEditing(product)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

/** Brand names read the same in every language; the other two are words. */
function useChannelLabel(): (type: ContactChannelType) => string {
  const { t } = useLingui();
  return (type) => ({ telegram: 'Telegram', whatsapp: 'WhatsApp', email: t`E-mail`, link: t`Web link` })[type];
}

function DeleteContactButton({ contact }: { contact: ContactInfo }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const { busy, failure, run } = useAction();
  const { name } = contact;
  const remove = async () => {
    if (await run(() => call('settings/contact-delete', { id: String(contact.id) }))) revalidate('settings/contacts');
  };
  return (
    <>
      <ConfirmButton
        className="button-danger"
        busy={busy}
        question={t`Delete the contact channel ${name}? Customers no longer see it.`}
        onConfirm={() => void remove()}
      >
        {t`Delete`}
      </ConfirmButton>
      <ErrorNote error={failure} />
    </>
  );
}

function ContactsSection() {
  const { t } = useLingui();
  const channelLabel = useChannelLabel();
  const { data, error, mutate } = useList('settings/contacts');
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState<Editing<ContactInfo>>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <ListSection
      title={t`Contact channels`}
      action={
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t`Add contact`}
        </button>
      }
      editor={
        editing ? (
          <RecordForm
            key={current?.id ?? 'new'}
            title={current ? t`Edit contact ${current.name}` : t`New contact`}
            fields={[
              { name: 'name', label: t`Contact name`, maxLength: 80 },
              {
                name: 'type',
                label: t`Channel`,
                options: CONTACT_CHANNEL_TYPES.map((type) => ({ value: type, label: channelLabel(type) })),
              },
              {
                name: 'url',
                label: t`Address`,
                hint: t`An https:// or mailto: address`,
                inputMode: 'url',
                maxLength: 300,
              },
            ]}
            initial={{ name: current?.name ?? '', type: current?.type ?? 'telegram', url: current?.url ?? '' }}
            save={(values) =>
              // The select offers only the contract's types; the server checks again.
              call('settings/contact-save', {
                id: current ? String(current.id) : '',
                ...values,
                type: values.type as ContactChannelType,
              })
            }
            onSaved={() => {
              setEditing(null);
              revalidate('settings/contacts');
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the contact channels…`}
      empty={t`No contact channels yet.`}
      isEmpty={(read) => read.contacts.length === 0}
    >
      {(read) => (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Contact name`}</th>
                <th scope="col">{t`Channel`}</th>
                <th scope="col">{t`Address`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {read.contacts.map((contact) => (
                <tr key={contact.id}>
                  <td>{contact.name}</td>
                  <td>{channelLabel(contact.type)}</td>
                  <td className="code cell-wrap">{contact.url}</td>
                  <td>
                    <div className="row-actions">
                      <EditButton onClick={() => setEditing(contact)} />
                      <DeleteContactButton contact={contact} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

function AddressesSection() {
  const { t } = useLingui();
  const { data, error, mutate } = useList('settings/addresses');
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState<Editing<AddressInfo>>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <ListSection
      title={t`Receiving addresses`}
      action={
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t`Add address`}
        </button>
      }
      editor={
        editing ? (
          <RecordForm
            key={current?.type ?? 'new'}
            title={current ? t`Edit the ${current.type} address` : t`New receiving address`}
            fields={[
              {
                name: 'type',
                label: t`Network`,
                hint: current ? undefined : t`e.g. TRC20; one address per network`,
                maxLength: 16,
                readOnly: current !== null,
              },
              { name: 'address', label: t`Receiving address` },
              { name: 'min_amount', label: t`Smallest recharge (USDT)`, inputMode: 'decimal' },
            ]}
            initial={{
              type: current?.type ?? '',
              address: current?.address ?? '',
              min_amount: current?.min_amount ?? '',
            }}
            save={(values) => call('settings/address-save', values)}
            onSaved={() => {
              setEditing(null);
              revalidate('settings/addresses');
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the receiving addresses…`}
      empty={t`No receiving addresses yet.`}
      isEmpty={(read) => read.addresses.length === 0}
    >
      {(read) => (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Network`}</th>
                <th scope="col">{t`Receiving address`}</th>
                <th scope="col" className="cell-figure">
                  {t`Smallest recharge`}
                </th>
                <th scope="col">{t`Changed`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {read.addresses.map((address) => (
                <tr key={address.type}>
                  <td>{address.type}</td>
                  <td className="code cell-wrap">{address.address}</td>
                  <td className="cell-figure">
                    <Usdt value={address.min_amount} />
                  </td>
                  <td>
                    <DateTime iso={address.updated_at} layout="stacked" />
                  </td>
                  <td>
                    <EditButton onClick={() => setEditing(address)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

type SourceField = 'type' | 'kind' | 'rpc_urls' | 'contract' | 'decimals' | 'confirmations' | 'finalized';
type NetworkField = SourceField | 'min_amount' | 'xpub' | 'from_block';

/** Where a network's transfers are read: the fields a watched network and a checked address share. */
function useSourceFields(typeHint: string): FieldSpec<SourceField>[] {
  const { t } = useLingui();
  return [
    { name: 'type', label: t`Network`, hint: typeHint, maxLength: 16 },
    {
      name: 'kind',
      label: t`Address format`,
      options: [
        { value: 'tron', label: t`TRON (T…)` },
        { value: 'evm', label: t`EVM (0x…): Ethereum, BNB Smart Chain, Polygon` },
      ],
    },
    {
      name: 'rpc_urls',
      label: t`Node URLs`,
      hint: t`One to five, separated by commas; tried in turn when one fails`,
      inputMode: 'url',
    },
    { name: 'contract', label: t`USDT contract address` },
    {
      name: 'decimals',
      label: t`Decimals`,
      hint: t`6 on TRON, Ethereum and Polygon; 18 on BNB Smart Chain. Checked on the chain`,
      inputMode: 'numeric',
    },
    {
      name: 'confirmations',
      label: t`Confirmations`,
      hint: t`How deep a block must be to be final; customers see it as n/N`,
      inputMode: 'numeric',
    },
    {
      name: 'finalized',
      label: t`Wait for the node's finalized block too`,
      options: [
        { value: 'yes', label: t`Yes (TRON, Ethereum, BNB Smart Chain, Polygon)` },
        { value: 'no', label: t`No` },
      ],
    },
  ];
}

/** A network's name and format, and its USDT contract with its decimals: two cells of a row. */
function SourceCells({ source }: { source: ProofCheckInfo }) {
  const { t } = useLingui();
  return (
    <>
      <td>
        {source.type} <span className="muted">({source.kind === 'tron' ? 'TRON' : 'EVM'})</span>
      </td>
      <td className="code cell-wrap">
        {source.contract} <span className="muted">{t`${source.decimals} decimals`}</span>
      </td>
    </>
  );
}

/** When a block counts as final there, and the nodes read (scheme and host only): two cells of a row. */
function FinalityCells({ source }: { source: ProofCheckInfo }) {
  const { t } = useLingui();
  return (
    <>
      <td>{source.finalized ? t`${source.confirmations} blocks and finalized` : t`${source.confirmations} blocks`}</td>
      <td className="code cell-wrap">{source.nodes.join(', ')}</td>
    </>
  );
}

const SOURCE_DEFAULTS: Record<SourceField, string> = {
  type: '',
  kind: 'tron',
  rpc_urls: '',
  contract: '',
  decimals: '6',
  confirmations: '19',
  finalized: 'yes',
};

/** The form's values as the call takes them: its choices give only these values; the server checks them again. */
function sourceValues<V extends Record<SourceField, string>>(values: V) {
  return {
    ...values,
    kind: values.kind === 'evm' ? ('evm' as const) : ('tron' as const),
    finalized: values.finalized === 'no' ? ('no' as const) : ('yes' as const),
  };
}

/**
 * Networks read from the chain: each customer gets an address of their own there, derived from
 * the account key given here, and a transfer to it is credited by itself once final. A new
 * network's contract is checked on the chain (its decimals) before it is saved; the address at
 * index 0 is shown for the administrator to compare with their wallet.
 */
function NetworksSection() {
  const { t } = useLingui();
  const { data, error, mutate } = useList('settings/networks');
  const revalidate = useRevalidate();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<{ type: string; address: string } | null>(null);
  const sourceFields = useSourceFields(t`e.g. TRC20, BEP20; what customers choose`);
  return (
    <ListSection
      title={t`Watched networks`}
      action={
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t`Watch a network`}
        </button>
      }
      editor={
        adding ? (
          <RecordForm<NetworkField>
            title={t`Watch a network`}
            fields={[
              ...sourceFields,
              { name: 'min_amount', label: t`Smallest deposit (USDT)`, inputMode: 'decimal' },
              {
                name: 'xpub',
                label: t`Account extended public key (xpub)`,
                hint: t`Exported at m/44'/195'/0' for TRON, m/44'/60'/0' for EVM; never a private key`,
              },
              {
                name: 'from_block',
                label: t`First block to read`,
                hint: t`Empty: from the chain's final block now`,
                inputMode: 'numeric',
              },
            ]}
            initial={{ ...SOURCE_DEFAULTS, min_amount: '10', xpub: '', from_block: '' }}
            save={async (values) => {
              const saved = await call('settings/network-add', sourceValues(values));
              setAdded({ type: values.type.toUpperCase(), address: saved.first_address });
            }}
            onSaved={() => {
              setAdding(false);
              revalidate('settings/networks');
            }}
            onCancel={() => setAdding(false)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the watched networks…`}
      empty={t`No network is watched: customers recharge with a shared address and a screenshot.`}
      isEmpty={(read) => read.networks.length === 0}
    >
      {(read) => (
        <>
          {added ? (
            <p className="note note-success" role="status">
              {t`${added.type} is watched. Its address at index 0 is ${added.address}: it must be the first receiving address your wallet shows for this key.`}
            </p>
          ) : null}
          <div className="table-frame">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t`Network`}</th>
                  <th scope="col">{t`USDT contract`}</th>
                  <th scope="col" className="cell-figure">
                    {t`Smallest deposit`}
                  </th>
                  <th scope="col">{t`Final after`}</th>
                  <th scope="col">{t`Nodes`}</th>
                  <th scope="col">{t`Address at index 0`}</th>
                </tr>
              </thead>
              <tbody>
                {read.networks.map((network) => (
                  <tr key={network.type}>
                    <SourceCells source={network} />
                    <td className="cell-figure">
                      <Usdt value={network.min_amount} />
                    </td>
                    <FinalityCells source={network} />
                    <td className="code cell-wrap">{network.first_address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </ListSection>
  );
}

/**
 * Shared receiving addresses whose proofs are checked on the chain: a customer who names the
 * transfer's transaction is credited without review when the chain shows it paid what they
 * claim, to that address, final. The contract's decimals are read from the chain before saving.
 */
function ProofChecksSection() {
  const { t } = useLingui();
  const { data, error, mutate } = useList('settings/networks');
  const revalidate = useRevalidate();
  const [adding, setAdding] = useState(false);
  const sourceFields = useSourceFields(t`A network with a shared receiving address, e.g. TRC20`);
  return (
    <ListSection
      title={t`Proofs checked on the chain`}
      action={
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t`Check a network's proofs`}
        </button>
      }
      editor={
        adding ? (
          <RecordForm<SourceField>
            title={t`Check a network's proofs`}
            fields={sourceFields}
            initial={SOURCE_DEFAULTS}
            save={async (values) => {
              await call('settings/proof-check-add', sourceValues(values));
            }}
            onSaved={() => {
              setAdding(false);
              revalidate('settings/networks');
            }}
            onCancel={() => setAdding(false)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the checked networks…`}
      empty={t`No shared address is checked on the chain: an operator reviews every recharge's picture.`}
      isEmpty={(read) => read.checks.length === 0}
    >
      {(read) => (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Network`}</th>
                <th scope="col">{t`USDT contract`}</th>
                <th scope="col">{t`Final after`}</th>
                <th scope="col">{t`Nodes`}</th>
                <th scope="col">{t`Since`}</th>
              </tr>
            </thead>
            <tbody>
              {read.checks.map((check) => (
                <tr key={check.type}>
                  <SourceCells source={check} />
                  <FinalityCells source={check} />
                  <td>
                    <DateTime iso={check.updated_at} layout="stacked" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

/**
 * A raise of the limit that waits: when it applies and who asked. Another administrator may
 * confirm it now, naming the amount they saw.
 */
function WaitingRaise({ raise }: { raise: NonNullable<SecondApprovalLimit['raise']> }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const me = useOperator().name;
  const { busy, failure, run } = useAction();
  const { amount, requested_by: requestedBy } = raise;
  const confirm = async () => {
    const confirmed = () => call('settings/review-confirm', { second_approval_above: amount });
    if (await run(confirmed)) revalidate('settings/review', 'review/', 'four-eyes/');
  };
  return (
    <div className="note note-warning note-and-action">
      <p>
        <Trans>
          {requestedBy} asked to raise the limit to <Usdt value={amount} />. It applies at{' '}
          <DateTime iso={raise.in_force_at} />, or sooner if another administrator confirms it; setting the limit again
          withdraws it.
        </Trans>
      </p>
      {requestedBy === me ? null : (
        <ConfirmButton
          className="button"
          busy={busy}
          question={t`Raise the second-approval limit to ${amount} USDT now, as ${requestedBy} asked?`}
          onConfirm={() => void confirm()}
        >
          {t`Confirm the raise`}
        </ConfirmButton>
      )}
      <ErrorNote error={failure} />
    </div>
  );
}

/**
 * The limit above which a recharge or withdrawal, with the customer's others of its kind from the
 * 24 hours before it, needs two operators' approvals. A lower one applies at once; a higher one
 * waits 24 hours, or for another administrator to confirm it. Every change is in the audit log and
 * mailed to every administrator.
 */
function SecondApprovalSection() {
  const { t } = useLingui();
  const { data, error, mutate } = useReviewSettings();
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState(false);
  return (
    <ListSection
      title={t`Second approval`}
      action={
        <button type="button" className="button" onClick={() => setEditing(true)} disabled={!data}>
          {t`Change the limit`}
        </button>
      }
      editor={
        editing && data ? (
          <RecordForm
            title={t`Change the second-approval limit`}
            fields={[
              {
                name: 'second_approval_above',
                label: t`Two approvals above (USDT)`,
                hint: t`Counting the customer's others of the same kind from the 24 hours before. A lower limit applies at once; a higher one after 24 hours, or once another administrator confirms it.`,
                inputMode: 'decimal',
              },
            ]}
            initial={{ second_approval_above: data.second_approval_above }}
            save={(values) => call('settings/review-save', values)}
            onSaved={() => {
              setEditing(false);
              revalidate('settings/review', 'review/', 'four-eyes/');
            }}
            onCancel={() => setEditing(false)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the limit…`}
      empty=""
      isEmpty={() => false}
    >
      {(read) => (
        <>
          <p>
            <Trans>
              A recharge or withdrawal needs the approvals of two different operators when it, with the customer's
              others of its kind from the 24 hours before it (refused ones left out), comes to more than{' '}
              <Usdt value={read.second_approval_above} />.
            </Trans>
          </p>
          {read.raise ? <WaitingRaise raise={read.raise} /> : null}
        </>
      )}
    </ListSection>
  );
}

/**
 * What the customer app offers and shows (interest products, contact channels, receiving
 * addresses), and when an order needs two operators.
 */
export function SettingsPage() {
  const { t } = useLingui();
  useTitle(t`Settings`);
  return (
    <>
      <h1>
        <Trans>Settings</Trans>
      </h1>
      <AdminOnly>
        <div className="admin-page">
          <SecondApprovalSection />
          <ProductsSection />
          <ContactsSection />
          <AddressesSection />
          <NetworksSection />
          <ProofChecksSection />
        </div>
      </AdminOnly>
    </>
  );
}
