import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { resetPassword } from '../../api/auth';
import { navigate } from '../../../web-kit/lib/hash-location';
import { showToast } from '../../state/toast';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { EmailCodeFields, NewPasswordFields } from './credential-fields';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { useAuthRules } from './validation';
import { PATHS } from '../../lib/paths';

const FIELDS = ['email', 'code', 'password', 'repassword'] as const;
type ForgotPasswordField = (typeof FIELDS)[number];

export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const rules = useAuthRules();
  const [form, setForm] = useState({ email: '', code: '', password: '', repassword: '' });
  const { errors, focusRound, show, showOne, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();
  const set = (field: ForgotPasswordField) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = () =>
    run(async () => {
      const found = collectErrors<ForgotPasswordField>({
        email: rules.email(form.email),
        code: rules.code(form.code),
        password: rules.password(form.password, true),
        repassword: rules.repassword(form.repassword, form.password),
      });
      show(found);
      if (hasErrors(found)) return;
      try {
        await resetPassword({
          email: form.email.trim(),
          code: form.code.trim(),
          password: form.password,
          repassword: form.repassword,
        });
        showToast(t`Your password has been reset. Please log in.`);
        navigate(PATHS.login, { replace: true });
      } catch (error) {
        showFailure(error);
      }
    });

  return (
    <>
      <p className="lead">
        <Trans>
          We will e-mail you a code to set a new password. Every device signed in to your account will be signed out.
        </Trans>
      </p>
      <Form onSubmit={() => void submit()} focusRound={focusRound}>
        <EmailCodeFields
          values={form}
          set={set}
          errors={errors}
          scene="reset"
          checkEmail={() => showOne('email', rules.email(form.email))}
        />
        <NewPasswordFields values={form} set={set} errors={errors} />
        <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
          {t`Reset password`}
        </button>
      </Form>
    </>
  );
}
