import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';

interface Labelled {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and tied to it; the field is marked invalid. */
  error?: string | undefined;
  /** A rule worth knowing before typing (a placeholder would vanish once typing starts). */
  hint?: string | undefined;
}

function useDescription(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
  return { id, describedBy, notes };
}

type InputProps = Labelled &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & { inputRef?: Ref<HTMLInputElement> };

/** A labelled text input whose hint and error are read with it. */
export function TextField({ label, value, onChange, error, hint, inputRef, className, ...input }: InputProps) {
  const { id, describedBy, notes } = useDescription(hint, error);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
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

type AreaProps = Labelled &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
    areaRef?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line field. */
export function TextArea({ label, value, onChange, error, hint, areaRef, className, ...area }: AreaProps) {
  const { id, describedBy, notes } = useDescription(hint, error);
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
  const { id, describedBy, notes } = useDescription(hint, error);
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
