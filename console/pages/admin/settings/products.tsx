import { useLingui } from '@lingui/react/macro';
import { call } from '../../../api/client';
import { useEditedList } from '../../../api/reads';
import { ListEditor } from '../../../ui/list-editor';
import { Usdt } from '../../../ui/values';

/** The interest products customers can deposit into. */
export function ProductsSection() {
  const { t } = useLingui();
  const { read, reread } = useEditedList('settings/products');
  return (
    <ListEditor
      title={t`Interest products`}
      addLabel={t`Add product`}
      read={read}
      loading={t`Loading the products…`}
      empty={t`No interest products yet.`}
      rows={(read) => read.products}
      rowKey={(product) => product.id}
      columns={[
        { header: t`Product name`, cell: (product) => product.name },
        { header: t`Annual rate`, figure: true, cell: (product) => t`${product.rate} %` },
        { header: t`Days`, figure: true, cell: (product) => product.days },
        { header: t`Smallest deposit`, figure: true, cell: (product) => <Usdt value={product.min_amount} /> },
        { header: t`Largest deposit`, figure: true, cell: (product) => <Usdt value={product.max_amount} /> },
      ]}
      editable
      editor={{
        title: (product) => (product ? t`Edit product ${product.name}` : t`New product`),
        fields: () => [
          { name: 'name', label: t`Product name`, maxLength: 80 },
          { name: 'rate', label: t`Annual rate (%)`, hint: t`Up to two decimals`, inputMode: 'decimal' },
          { name: 'days', label: t`Days`, inputMode: 'numeric', maxLength: 4 },
          { name: 'min_amount', label: t`Smallest deposit (USDT)`, inputMode: 'decimal' },
          { name: 'max_amount', label: t`Largest deposit (USDT)`, inputMode: 'decimal' },
        ],
        initial: (product) => ({
          name: product?.name ?? '',
          rate: product?.rate ?? '',
          days: product ? String(product.days) : '',
          min_amount: product?.min_amount ?? '',
          max_amount: product?.max_amount ?? '',
        }),
        save: (values, product) => call('settings/product-save', { id: product ? String(product.id) : '', ...values }),
        onSaved: reread,
      }}
    />
  );
}
