import { useLingui } from '@lingui/react/macro';
import { useState, type Key, type ReactNode } from 'react';
import { DataTable, type Column } from './data-table';
import { ListSection } from './list-section';
import { RecordForm, type FieldSpec } from './record-form';

/** How one record of the list is added or edited: `row` is null for a new one. */
export interface RecordEditor<Row, N extends string> {
  title: (row: Row | null) => string;
  fields: (row: Row | null) => readonly FieldSpec<N>[];
  initial: (row: Row | null) => Record<N, string>;
  save: (values: Record<N, string>, row: Row | null) => Promise<unknown>;
  /** After a save, once the form has closed: read the list again. */
  onSaved: () => void;
}

interface Props<T, Row, N extends string> {
  title: string;
  /** The "Add …" button beside the heading. */
  addLabel: string;
  addDisabled?: boolean;
  read: { data: T | undefined; error: unknown; retry: () => void };
  loading: string;
  empty: string;
  rows: (data: T) => readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly Column<Row>[];
  editor: RecordEditor<Row, N>;
  /** Each row gets an "Edit" button (otherwise records are only added). */
  editable?: boolean;
  /** More of a row's actions beside "Edit" (delete, pause…). */
  rowActions?: (row: Row) => ReactNode;
  /** Above the table, e.g. what the last save brought. */
  note?: ReactNode;
  /** Under the table, e.g. the next page's button. */
  footer?: ReactNode;
}

/**
 * A small list an administrator keeps: its records in a table, "Add …" beside the heading, an
 * "Edit" button a row, and the form of the one added or edited above the table until it is saved
 * or cancelled.
 */
export function ListEditor<T, Row, N extends string>({
  title,
  addLabel,
  addDisabled,
  read,
  loading,
  empty,
  rows,
  rowKey,
  columns,
  editor,
  editable = false,
  rowActions,
  note,
  footer,
}: Props<T, Row, N>) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const close = () => setEditing(null);
  const actions: Column<Row>[] =
    editable || rowActions
      ? [
          {
            header: t`Actions`,
            cell: (row) => {
              const edit = editable ? (
                <button type="button" className="button" onClick={() => setEditing({ row })}>
                  {t`Edit`}
                </button>
              ) : null;
              return rowActions ? (
                <div className="row-actions">
                  {edit}
                  {rowActions(row)}
                </div>
              ) : (
                edit
              );
            },
          },
        ]
      : [];
  const current = editing?.row ?? null;
  return (
    <ListSection
      title={title}
      action={
        <button type="button" className="button" disabled={addDisabled} onClick={() => setEditing({ row: null })}>
          {addLabel}
        </button>
      }
      editor={
        editing ? (
          <RecordForm<N>
            key={current ? rowKey(current) : 'new'}
            title={editor.title(current)}
            fields={editor.fields(current)}
            initial={editor.initial(current)}
            save={(values) => editor.save(values, current)}
            onSaved={() => {
              close();
              editor.onSaved();
            }}
            onCancel={close}
          />
        ) : null
      }
      read={read}
      loading={loading}
      empty={empty}
      isEmpty={(data) => rows(data).length === 0}
    >
      {(data) => (
        <>
          {note}
          <DataTable columns={[...columns, ...actions]} rows={rows(data)} rowKey={rowKey} />
          {footer}
        </>
      )}
    </ListSection>
  );
}
