import { useLingui } from '@lingui/react/macro';
import type { ProofCheckInfo } from '../../../../contract/console';
import type { Column } from '../../../ui/data-table';
import type { FieldSpec } from '../../../ui/record-form';

export type SourceField = 'type' | 'kind' | 'rpc_urls' | 'contract' | 'decimals' | 'confirmations' | 'finalized';

/** Where a network's transfers are read: the fields a watched network and a checked address share. */
export function useSourceFields(typeHint: string): FieldSpec<SourceField>[] {
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

/**
 * A network's name and format, its USDT contract with its decimals, when a block counts as final
 * there, and the nodes read (scheme and host only).
 */
export function useSourceColumns(): {
  source: Column<ProofCheckInfo>[];
  finality: Column<ProofCheckInfo>[];
} {
  const { t } = useLingui();
  return {
    source: [
      {
        header: t`Network`,
        cell: (source) => (
          <>
            {source.type} <span className="muted">({source.kind === 'tron' ? 'TRON' : 'EVM'})</span>
          </>
        ),
      },
      {
        header: t`USDT contract`,
        className: 'code cell-wrap',
        cell: (source) => (
          <>
            {source.contract} <span className="muted">{t`${source.decimals} decimals`}</span>
          </>
        ),
      },
    ],
    finality: [
      {
        header: t`Final after`,
        cell: (source) =>
          source.finalized ? t`${source.confirmations} blocks and finalized` : t`${source.confirmations} blocks`,
      },
      { header: t`Nodes`, className: 'code cell-wrap', cell: (source) => source.nodes.join(', ') },
    ],
  };
}

export const SOURCE_DEFAULTS: Record<SourceField, string> = {
  type: '',
  kind: 'tron',
  rpc_urls: '',
  contract: '',
  decimals: '6',
  confirmations: '19',
  finalized: 'yes',
};

/** The form's values as the call takes them: its choices give only these values; the server checks them again. */
export function sourceValues<V extends Record<SourceField, string>>(values: V) {
  return {
    ...values,
    kind: values.kind === 'evm' ? ('evm' as const) : ('tron' as const),
    finalized: values.finalized === 'no' ? ('no' as const) : ('yes' as const),
  };
}
