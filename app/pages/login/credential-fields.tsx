import { useLingui } from '@lingui/react/macro';
import { CODE_LENGTH, type SendCodeScene } from '../../../contract/rules';
import { Field } from '../../ui/field';
import type { FieldErrors } from '../shared/field-errors';
import { SendCodeButton } from './send-code-button';

type EmailCodeField = 'email' | 'code';
type NewPasswordField = 'password' | 'repassword';

/** The e-mail address and the code sent to it, with the button that sends one. */
export function EmailCodeFields({
  values,
  set,
  errors,
  scene,
  checkEmail,
}: {
  values: Record<EmailCodeField, string>;
  set: (field: EmailCodeField) => (value: string) => void;
  errors: FieldErrors<EmailCodeField>;
  scene: SendCodeScene;
  /** Checks the address before a code is sent, showing what is wrong; true when it is fine. */
  checkEmail: () => boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field
        label={t`Email`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <EmailCodeField
        email={values.email}
        scene={scene}
        value={values.code}
        onChange={set('code')}
        error={errors.code}
        checkEmail={checkEmail}
      />
    </>
  );
}

/** The code mailed to `email` for `scene`, with the button that sends one. */
export function EmailCodeField({
  email,
  scene,
  value,
  onChange,
  error,
  hint,
  checkEmail,
}: {
  email: string;
  scene: SendCodeScene;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  /** Checks the address before a code is sent, showing what is wrong; true when it is fine. */
  checkEmail: () => boolean;
}) {
  const { t } = useLingui();
  return (
    <Field
      label={t`Email code`}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      value={value}
      onChange={onChange}
      error={error}
      {...(hint ? { hint } : {})}
      addon={<SendCodeButton email={email} scene={scene} validate={checkEmail} />}
    />
  );
}

/** A new password, typed twice. */
export function NewPasswordFields({
  values,
  set,
  errors,
}: {
  values: Record<NewPasswordField, string>;
  set: (field: NewPasswordField) => (value: string) => void;
  errors: FieldErrors<NewPasswordField>;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t`At least 8 characters, a letter and a digit`}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Field
        label={t`Confirm password`}
        name="repassword"
        type="password"
        autoComplete="new-password"
        value={values.repassword}
        onChange={set('repassword')}
        error={errors.repassword}
      />
    </>
  );
}
