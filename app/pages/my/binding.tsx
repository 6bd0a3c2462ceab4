import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  CODE_PATTERN,
  IBAN_PATTERN,
  SWIFT_PATTERN,
  isEmail,
  isPhone,
  normaliseIban,
  type BankType,
} from '../../../contract/rules';
import type { BankInfo } from '../../../contract/responses';
import { bindAccount, useBinding, useBindingDetail } from '../../api/bank';
import { useHashSearch } from '../../../web-kit/lib/hash-location';
import { sessionAtom } from '../../state/session';
import { useAtomValue } from '../../state/store';
import { showToast } from '../../state/toast';
import { Field } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { HoldNotice, useStillHeld } from '../../ui/hold-notice';
import { useGuard } from '../../ui/guarded-button';
import { ErrorState, Spinner } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { collectErrors, hasErrors, useFieldErrors } from '../shared/field-errors';
import { EmailCodeField } from '../login/credential-fields';

const FIELDS = {
  bank: ['full_name', 'telephone', 'email', 'iban', 'bank_name', 'area', 'country', 'swift'],
  wise: ['name', 'surname', 'email', 'iban', 'address', 'city', 'state_region', 'country'],
} as const;
type FieldName = (typeof FIELDS)[BankType][number];
/** The form's fields: the type's details, then the code mailed to the customer. */
const FORM_FIELDS = {
  bank: [...FIELDS.bank, 'code'],
  wise: [...FIELDS.wise, 'code'],
} as const;

function useFieldLabels(): Record<FieldName, string> {
  const { t } = useLingui();
  return {
    full_name: t`Full name`,
    telephone: t`Telephone`,
    email: t`Email`,
    iban: t`IBAN account`,
    bank_name: t`Bank name`,
    area: t`Area`,
    country: t`Country`,
    swift: t`SWIFT`,
    name: t`Name`,
    surname: t`Surname`,
    address: t`Address`,
    city: t`City`,
    state_region: t`State or region`,
  };
}

function BoundAccount({ binding }: { binding: BankInfo }) {
  const { t } = useLingui();
  const labels = useFieldLabels();
  const [reveal, setReveal] = useState(false);
  const held = useStillHeld(binding.usable_at);
  const {
    data: detail,
    error: detailError,
    mutate: retryDetail,
  } = useBindingDetail(binding.type, reveal ? binding.bk_id : null);
  const shown = detail ?? binding;
  const values = shown as unknown as Record<FieldName, string>;
  return (
    <section className="card" aria-labelledby="bound-title">
      <h2 id="bound-title">{binding.type === 'bank' ? t`Your bank card` : t`Your Wise account`}</h2>
      <dl className="facts">
        {FIELDS[binding.type].map((field) => (
          <div key={field} className="facts-row">
            <dt>{labels[field]}</dt>
            <dd>{values[field]}</dd>
          </div>
        ))}
      </dl>
      {detail ? null : detailError ? (
        <ErrorState onRetry={() => void retryDetail()} />
      ) : (
        <button
          type="button"
          className="button secondary small-button"
          aria-busy={reveal || undefined}
          onClick={() => setReveal(true)}
        >
          <Trans>Show full details</Trans>
        </button>
      )}
      <HoldNotice binding={binding} held={held} />
      <p className="notice">
        <Trans>Bound details can only be changed through customer service.</Trans>
      </p>
    </section>
  );
}

function BindingForm({ type }: { type: BankType }) {
  const { t } = useLingui();
  const labels = useFieldLabels();
  const fields = FIELDS[type];
  const email = useAtomValue(sessionAtom)?.email ?? '';
  const [values, setValues] = useState<Partial<Record<FieldName, string>>>({});
  const [code, setCode] = useState('');
  const { errors, focusRound, show, showFailure } = useFieldErrors(FORM_FIELDS[type]);
  const [busy, run] = useGuard();

  const problemWith = (field: FieldName, value: string): string | undefined => {
    if (!value.trim()) {
      // The server's words for the same empty field: the two it names, and one for the rest.
      if (field === 'email') return t`Please enter e-mail`;
      if (field === 'telephone') return t`Please enter phone`;
      return t`Please fill in all the fields`;
    }
    if (field === 'email' && !isEmail(value.trim())) return t`E-mail format is wrong`;
    if (field === 'telephone' && !isPhone(value.trim())) return t`Phone format is wrong`;
    if (field === 'iban' && !IBAN_PATTERN.test(normaliseIban(value))) return t`The IBAN is 15–34 letters and digits`;
    if (field === 'swift' && !SWIFT_PATTERN.test(value.trim())) return t`The SWIFT code is 8 or 11 letters and digits`;
    return undefined;
  };

  const submit = () =>
    run(async () => {
      const codeProblem = !code.trim()
        ? t`Please enter the e-mail code`
        : CODE_PATTERN.test(code.trim())
          ? undefined
          : t`The e-mail code is 6 digits`;
      const found = collectErrors<FieldName | 'code'>({
        ...(Object.fromEntries(fields.map((field) => [field, problemWith(field, values[field] ?? '')])) as Record<
          FieldName,
          string | undefined
        >),
        code: codeProblem,
      });
      show(found);
      if (hasErrors(found)) return;
      const trimmed = Object.fromEntries(fields.map((field) => [field, (values[field] ?? '').trim()]));
      try {
        await bindAccount({ type, ...trimmed, code: code.trim() } as Parameters<typeof bindAccount>[0]);
        showToast(t`Submit success`);
      } catch (error) {
        showFailure(error);
      }
    });

  return (
    <Form onSubmit={() => void submit()} focusRound={focusRound}>
      <p className="notice" role="note">
        <Trans>
          Please make sure these details are correct: once bound, they can only be changed through customer service. A
          new account can receive withdrawals a while after it is bound; My → Security says how long.
        </Trans>
      </p>
      {fields.map((field) => (
        <Field
          key={field}
          label={labels[field]}
          name={field}
          type={field === 'email' ? 'email' : field === 'telephone' ? 'tel' : 'text'}
          autoComplete={
            { full_name: 'name', name: 'given-name', surname: 'family-name', email: 'email', telephone: 'tel' }[
              field as string
            ] ?? 'off'
          }
          autoCapitalize={field === 'iban' || field === 'swift' ? 'characters' : undefined}
          value={values[field] ?? ''}
          onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          error={errors[field]}
        />
      ))}
      <EmailCodeField
        email={email}
        scene="bind"
        value={code}
        onChange={setCode}
        error={errors.code}
        hint={t`We send it to ${email}, the address of your account.`}
        checkEmail={() => email !== ''}
      />
      <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
        {t`Bind account`}
      </button>
    </Form>
  );
}

export default function BindingPage() {
  const { t } = useLingui();
  const requested = new URLSearchParams(useHashSearch()).get('type');
  const [type, setType] = useState<BankType>(requested === 'wise' ? 'wise' : 'bank');
  const { binding, error, mutate } = useBinding(type);
  return (
    <>
      <Tabs
        label={t`Account type`}
        options={[
          { value: 'bank', label: t`Bank card` },
          { value: 'wise', label: t`Wise` },
        ]}
        value={type}
        onChange={setType}
      />
      {binding === undefined ? (
        error ? (
          <ErrorState onRetry={() => void mutate()} />
        ) : (
          <Spinner label={t`Loading`} />
        )
      ) : binding ? (
        <BoundAccount binding={binding} />
      ) : (
        <BindingForm key={type} type={type} />
      )}
    </>
  );
}
