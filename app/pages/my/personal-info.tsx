import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NICKNAME_MAX_LENGTH, normaliseNickname } from '../../../contract/rules';
import { saveProfile, useUserInfo } from '../../api/userinfo';
import { formatDateTime } from '../../../web-kit/lib/format';
import { sessionAtom } from '../../state/session';
import { store, useAtomValue } from '../../state/store';
import { showToast } from '../../state/toast';
import { Avatar } from '../../ui/avatar';
import { Field } from '../../../web-kit/ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { ImagePicker } from '../../ui/image-picker';
import { useFieldErrors } from '../shared/field-errors';
import { IMAGE_ACCEPT, useImageUpload } from '../shared/image-upload';

const FIELDS = ['nickname', 'avatar'] as const;

export default function PersonalInfoPage() {
  const { t, i18n } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { data: user } = useUserInfo();
  const current = user ?? session;
  const [nickname, setNickname] = useState(current?.nickname ?? '');
  const { errors, focusRound, showOne, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();
  const [savingAvatar, runAvatar] = useGuard();
  const avatar = useImageUpload((message) => showOne('avatar', message, false));

  if (!current) return null;

  const save = () =>
    run(async () => {
      const normalised = normaliseNickname(nickname);
      if (normalised === null) {
        showOne('nickname', nickname.trim() ? t`A nickname is 1–20 characters` : t`Please enter a nickname`);
        return;
      }
      showOne('nickname', undefined);
      try {
        await saveProfile({ nickname: normalised });
        setNickname(normalised);
        showToast(t`Save success`);
      } catch (error) {
        showFailure(error);
      }
    });

  // A new picture is saved as soon as it is uploaded, beside the nickname saved last (read then,
  // not when the picture was chosen; the one being typed has its own Save).
  const changeAvatar = (file: File) =>
    runAvatar(async () => {
      const url = await avatar.upload(file);
      if (!url) return;
      try {
        await saveProfile({ nickname: store.get(sessionAtom)?.nickname ?? current.nickname, avatar: url });
        showToast(t`Your profile picture has been changed`);
      } catch (error) {
        avatar.clear();
        showFailure(error);
        throw error;
      }
    });

  return (
    <>
      <section className="card">
        <ImagePicker
          label={t`Profile picture`}
          accept={IMAGE_ACCEPT}
          preview={<Avatar path={avatar.preview ?? current.avatar} name={current.nickname || current.account} />}
          hasImage={Boolean(avatar.preview || current.avatar)}
          busy={savingAvatar || busy}
          error={errors.avatar}
          onPick={(file) => {
            if (avatar.check(file)) void changeAvatar(file);
          }}
        />
      </section>
      <Form onSubmit={() => void save()} focusRound={focusRound}>
        <Field
          label={t`Nickname`}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX_LENGTH * 2}
          value={nickname}
          onChange={setNickname}
          error={errors.nickname}
        />
        <button type="submit" className="button block" disabled={busy || savingAvatar} aria-busy={busy || undefined}>
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
