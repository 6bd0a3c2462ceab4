import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ErrorNote } from './failure';
import { FormActions } from './form-actions';
import { Field } from '../../web-kit/ui/field';
import { SelectField } from './field';
import { Panel } from './panel';
import { useAction } from '../lib/use-action';

export interface FieldSpec<N extends string> {
  name: N;
  label: string;
  hint?: string;
  /** A choice among these instead of free text. */
  options?: readonly { value: string; label: string }[];
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  maxLength?: number;
  /** Shown but not changed (what names the record, e.g. a network). */
  readOnly?: boolean;
}

interface Props<N extends string> {
  title: string;
  fields: readonly FieldSpec<N>[];
  initial: Record<N, string>;
  save: (values: Record<N, string>) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Adds or edits one record of a list: the fields as the wire names them, "Save" (busy while in
 * flight), the server's refusal of a field shown at that field. The list reads itself again and
 * the form closes after a save.
 */
export function RecordForm<N extends string>({ title, fields, initial, save, onSaved, onCancel }: Props<N>) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const { form, busy, failure, errorOf, run } = useAction(fields.map((field) => field.name));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...values };
    for (const field of fields) trimmed[field.name] = values[field.name].trim();
    if (await run(() => save(trimmed))) onSaved();
  };
  return (
    <Panel title={title} level={3}>
      <form className="form record-form" ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <div className="record-fields">
          {fields.map((field) => {
            const common = {
              name: field.name,
              label: field.label,
              hint: field.hint,
              value: values[field.name],
              onChange: (value: string) => setValues((current) => ({ ...current, [field.name]: value })),
              error: errorOf(field.name),
            };
            return field.options ? (
              <SelectField key={field.name} {...common} options={field.options} />
            ) : (
              <Field
                key={field.name}
                {...common}
                inputMode={field.inputMode}
                maxLength={field.maxLength}
                readOnly={field.readOnly}
                autoCapitalize="none"
                spellCheck={false}
              />
            );
          })}
        </div>
        <ErrorNote error={failure} />
        <FormActions submit={t`Save`} busy={busy} onCancel={onCancel} />
      </form>
    </Panel>
  );
}
