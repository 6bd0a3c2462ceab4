import { useLingui } from '@lingui/react/macro';
import { call } from '../../../api/client';
import { useEditedList } from '../../../api/reads';
import { ListEditor } from '../../../ui/list-editor';
import { DateTime, Usdt } from '../../../ui/values';

/** The shared receiving address of each network, where customers send a recharge and show its picture. */
export function AddressesSection() {
  const { t } = useLingui();
  const { read, reread } = useEditedList('settings/addresses');
  return (
    <ListEditor
      title={t`Receiving addresses`}
      addLabel={t`Add address`}
      read={read}
      loading={t`Loading the receiving addresses…`}
      empty={t`No receiving addresses yet.`}
      rows={(read) => read.addresses}
      rowKey={(address) => address.type}
      columns={[
        { header: t`Network`, cell: (address) => address.type },
        { header: t`Receiving address`, className: 'code cell-wrap', cell: (address) => address.address },
        { header: t`Smallest recharge`, figure: true, cell: (address) => <Usdt value={address.min_amount} /> },
        { header: t`Changed`, cell: (address) => <DateTime iso={address.updated_at} layout="stacked" /> },
      ]}
      editable
      editor={{
        title: (address) => (address ? t`Edit the ${address.type} address` : t`New receiving address`),
        fields: (address) => [
          {
            name: 'type',
            label: t`Network`,
            hint: address ? undefined : t`e.g. TRC20; one address per network`,
            maxLength: 16,
            readOnly: address !== null,
          },
          { name: 'address', label: t`Receiving address` },
          { name: 'min_amount', label: t`Smallest recharge (USDT)`, inputMode: 'decimal' },
        ],
        initial: (address) => ({
          type: address?.type ?? '',
          address: address?.address ?? '',
          min_amount: address?.min_amount ?? '',
        }),
        save: (values) => call('settings/address-save', values),
        onSaved: reread,
      }}
    />
  );
}
