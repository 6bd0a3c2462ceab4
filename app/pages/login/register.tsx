import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { register } from '../../api/auth';
import { showToast } from '../../state/toast';
import { Field, UsernameField } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { EmailCodeFields, NewPasswordFields } from './credential-fields';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { useAuthRules } from './validation';
import { PATHS } from '../../lib/paths';

const FIELDS = ['account', 'email', 'code', 'password', 'repassword', 'invite_code'] as const;
type RegisterField = (typeof FIELDS)[number];

export default function RegisterPage() {
  const { t } = useLingui();
  const rules = useAuthRules();
  const invitedWith = new URLSearchParams(useSearch()).get('code') ?? '';
  const [form, setForm] = useState({
    account: '',
    email: '',
    code: '',
    password: '',
    repassword: '',
    invite_code: invitedWith.toUpperCase(),
  });
  const { errors, focusRound, show, showOne, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();
  const set = (field: RegisterField) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = () =>
    run(async () => {
      const found = collectErrors<RegisterField>({
        account: rules.account(form.account, true),
        email: rules.email(form.email),
        code: rules.code(form.code),
        password: rules.password(form.password, true),
        repassword: rules.repassword(form.repassword, form.password),
        invite_code: rules.inviteCode(form.invite_code),
      });
      show(found);
      if (hasErrors(found)) return;
      try {
        await register({
          account: form.account.trim(),
          email: form.email.trim(),
          code: form.code.trim(),
          password: form.password,
          repassword: form.repassword,
          invite_code: form.invite_code.trim().toUpperCase(),
        });
        showToast(t`Register success`);
      } catch (error) {
        showFailure(error);
      }
    });

  return (
    <>
      <p className="lead">
        <Trans>Create your wallet with the invitation code you were given.</Trans>
      </p>
      <Form onSubmit={() => void submit()} focusRound={focusRound}>
        <UsernameField
          label={t`Account`}
          name="account"
          placeholder={t`4–20 letters, digits or _`}
          value={form.account}
          onChange={set('account')}
          error={errors.account}
        />
        <EmailCodeFields
          values={form}
          set={set}
          errors={errors}
          scene="register"
          checkEmail={() => showOne('email', rules.email(form.email))}
        />
        <NewPasswordFields values={form} set={set} errors={errors} />
        <Field
          label={t`Invitation code`}
          name="invite_code"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.invite_code}
          onChange={set('invite_code')}
          error={errors.invite_code}
        />
        <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
          {t`Register`}
        </button>
      </Form>
      <p className="link-row">
        <Link href={PATHS.login}>
          <Trans>I already have an account</Trans>
        </Link>
      </p>
    </>
  );
}
