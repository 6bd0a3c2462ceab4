import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NICKNAME_MAX_LENGTH, normaliseNickname } from '../../../contract/rules';
import { saveNickname, useUserInfo } from '../../api/userinfo';
import { formatDateTime } from '../../lib/format';
import { sessionAtom } from '../../state/session';
import { useAtomValue } from '../../state/store';
import { showToast } from '../../state/toast';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';

export default function PersonalInfoPage() {
  const { t, i18n } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { data: user } = useUserInfo();
  const current = user ?? session;
  const [nickname, setNickname] = useState(current?.nickname ?? '');
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  const [busy, run] = useGuard();

  if (!current) return null;

  const save = () =>
    run(async () => {
      const normalised = normaliseNickname(nickname);
      if (normalised === null) {
        setError(nickname.trim() ? t`A nickname is 1–20 characters` : t`Please enter a nickname`);
        setRound((value) => value + 1);
        return;
      }
      setError(undefined);
      try {
        await saveNickname(normalised);
        setNickname(normalised);
        showToast(t`Save success`);
      } catch {
        // The server's message was toasted; the field keeps what the customer typed.
      }
    });

  return (
    <>
      <Form onSubmit={() => void save()} errorCount={error ? round : 0}>
        <Field
          label={t`Nickname`}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX_LENGTH * 2}
          value={nickname}
          onChange={setNickname}
          error={error}
        />
        <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
          {t`Save`}
        </button>
      </Form>
      <section className="card" aria-labelledby="account-facts">
        <h2 id="account-facts">
          <Trans>Account</Trans>
        </h2>
        <dl className="facts">
          <dt>{t`Account name`}</dt>
          <dd>{current.account}</dd>
          <dt>{t`Email`}</dt>
          <dd>{current.email}</dd>
          <dt>{t`Invitation code`}</dt>
          <dd>{current.invite_code}</dd>
          <dt>{t`Member since`}</dt>
          <dd>{formatDateTime(current.created_at, i18n.locale)}</dd>
        </dl>
      </section>
    </>
  );
}
