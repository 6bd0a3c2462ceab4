import { Field, PasswordField, type FieldProps } from './field';

/** A code sent or shown for this moment only (by e-mail, by an authenticator app): digits, offered by the keyboard's code suggestion. */
export function OneTimeCodeField({
  label,
  name = 'code',
  ...field
}: Omit<FieldProps, 'type' | 'autoComplete' | 'inputMode'>) {
  return <Field {...field} label={label} name={name} inputMode="numeric" autoComplete="one-time-code" />;
}

/** A new password and its repetition, each under the name the call gives it. */
export function NewPasswordFields<P extends string, R extends string>({
  names,
  labels,
  hint,
  values,
  set,
  errors,
  inputRef,
}: {
  names: { password: P; repeat: R };
  labels: { password: string; repeat: string };
  hint: string;
  values: Record<P | R, string>;
  set: (field: P | R) => (value: string) => void;
  errors: Partial<Record<P | R, string | undefined>>;
  inputRef?: (field: P | R) => (input: HTMLInputElement | null) => void;
}) {
  return (
    <>
      {([names.password, names.repeat] as const).map((name, index) => (
        <PasswordField
          key={name}
          purpose="new"
          label={index === 0 ? labels.password : labels.repeat}
          name={name}
          hint={index === 0 ? hint : undefined}
          value={values[name]}
          onChange={set(name)}
          error={errors[name]}
          inputRef={inputRef?.(name)}
        />
      ))}
    </>
  );
}
