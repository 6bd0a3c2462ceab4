import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useEditedList } from '../../../api/reads';
import { ListEditor } from '../../../ui/list-editor';
import { Usdt } from '../../../ui/values';
import { SOURCE_DEFAULTS, sourceValues, useSourceColumns, useSourceFields } from './chain-sources';

/**
 * Networks read from the chain: each customer gets an address of their own there, derived from
 * the account key given here, and a transfer to it is credited by itself once final. A new
 * network's contract is checked on the chain (its decimals) before it is saved; the address at
 * index 0 is shown for the administrator to compare with their wallet.
 */
export function NetworksSection() {
  const { t } = useLingui();
  const { read, reread } = useEditedList('settings/networks');
  const [added, setAdded] = useState<{ type: string; address: string } | null>(null);
  const sourceFields = useSourceFields(t`e.g. TRC20, BEP20; what customers choose`);
  const { source, finality } = useSourceColumns();
  return (
    <ListEditor
      title={t`Watched networks`}
      addLabel={t`Watch a network`}
      read={read}
      loading={t`Loading the watched networks…`}
      empty={t`No network is watched: customers recharge with a shared address and a screenshot.`}
      rows={(read) => read.networks}
      rowKey={(network) => network.type}
      note={
        added ? (
          <p className="note note-success" role="status">
            {t`${added.type} is watched. Its address at index 0 is ${added.address}: it must be the first receiving address your wallet shows for this key.`}
          </p>
        ) : null
      }
      columns={[
        ...source,
        { header: t`Smallest deposit`, figure: true, cell: (network) => <Usdt value={network.min_amount} /> },
        ...finality,
        { header: t`Address at index 0`, className: 'code cell-wrap', cell: (network) => network.first_address },
      ]}
      editor={{
        title: () => t`Watch a network`,
        fields: () => [
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
        ],
        initial: () => ({ ...SOURCE_DEFAULTS, min_amount: '10', xpub: '', from_block: '' }),
        save: async (values) => {
          const saved = await call('settings/network-add', sourceValues(values));
          setAdded({ type: values.type.toUpperCase(), address: saved.first_address });
        },
        onSaved: reread,
      }}
    />
  );
}
