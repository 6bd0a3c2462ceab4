import { useLingui } from '@lingui/react/macro';
import { call } from '../../../api/client';
import { useEditedList } from '../../../api/reads';
import { ListEditor } from '../../../ui/list-editor';
import { DateTime } from '../../../ui/values';
import { SOURCE_DEFAULTS, sourceValues, useSourceColumns, useSourceFields } from './chain-sources';

/**
 * Shared receiving addresses whose proofs are checked on the chain: a customer who names the
 * transfer's transaction is credited without review when the chain shows it paid what they
 * claim, to that address, final. The contract's decimals are read from the chain before saving.
 */
export function ProofChecksSection() {
  const { t } = useLingui();
  const { read, reread } = useEditedList('settings/networks');
  const sourceFields = useSourceFields(t`A network with a shared receiving address, e.g. TRC20`);
  const { source, finality } = useSourceColumns();
  return (
    <ListEditor
      title={t`Proofs checked on the chain`}
      addLabel={t`Check a network's proofs`}
      read={read}
      loading={t`Loading the checked networks…`}
      empty={t`No shared address is checked on the chain: an operator reviews every recharge's picture.`}
      rows={(read) => read.checks}
      rowKey={(check) => check.type}
      columns={[
        ...source,
        ...finality,
        { header: t`Since`, cell: (check) => <DateTime iso={check.updated_at} layout="stacked" /> },
      ]}
      editor={{
        title: () => t`Check a network's proofs`,
        fields: () => sourceFields,
        initial: () => SOURCE_DEFAULTS,
        save: (values) => call('settings/proof-check-add', sourceValues(values)),
        onSaved: reread,
      }}
    />
  );
}
