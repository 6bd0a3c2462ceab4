import { useLingui } from '@lingui/react/macro';
import { CODE_LENGTH, type SendCodeScene } from '../../../contract/rules';
import { NewPasswordFields as NewPasswordPair, OneTimeCodeField } from '../../../web-kit/ui/credential-fields';
import { Field } from '../../../web-kit/ui/field';
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
    <OneTimeCodeField
      label={t`Email code`}
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
    <NewPasswordPair
      names={{ password: 'password', repeat: 'repassword' }}
      labels={{ password: t`Password`, repeat: t`Confirm password` }}
      hint={t`At least 8 characters, a letter and a digit`}
      values={values}
      set={set}
      errors={errors}
    />
  );
}
