import { type Ref, type TextareaHTMLAttributes } from 'react';
import { useFieldNotes } from '../../web-kit/ui/field';

interface Labelled {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and tied to it; the field is marked invalid. */
  error?: string | undefined;
  /** A rule worth knowing before typing (a placeholder would vanish once typing starts). */
  hint?: string | undefined;
}

type AreaProps = Labelled &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
    areaRef?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line field. */
export function TextArea({ label, value, onChange, error, hint, areaRef, className, ...area }: AreaProps) {
  const { id, describedBy, notes } = useFieldNotes(hint, error);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...area}
        ref={areaRef}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {notes}
    </div>
  );
}

interface SelectProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
}

/** A labelled choice among a few known values. */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  error,
  hint,
  ...select
}: SelectProps<V>) {
  const { id, describedBy, notes } = useFieldNotes(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        {...select}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}
