import type { WireLanguage } from '../../contract/rules';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { UserRow } from '../customers/queries';
import { translate, utcMinute, type MessageParams } from '../platform/i18n';
import { composeMail } from '../platform/mail/mailer';

/** What changed in who can reach an account, each with a subject and a body in every language. */
export type OwnerNotice =
  | 'new_device'
  | 'payout_bound'
  | 'passkey_added'
  | 'passkey_removed'
  | 'device_signed_out'
  | 'devices_signed_out'
  | 'anti_phishing_set'
  | 'anti_phishing_removed'
  | 'anti_phishing_shown';

/**
 * Tells the owner by e-mail, after the answer (a slow mail server must not hold up the call), that
 * something changed in who can reach their account or its money: a sign-in from a new device, a
 * payout account bound, a way in added or removed, devices signed out, the anti-phishing phrase
 * set, removed or shown. If it was not them, they hear of it. The mail
 * goes to the address the account holds and starts with the owner's phrase as it is now, read
 * afresh, unless `antiPhishing` says which (a changed phrase is announced under the old one, the
 * one the owner knows).
 */
export function mailOwner(
  context: ServerContext,
  user: Pick<UserRow, 'id' | 'account' | 'email'>,
  lang: WireLanguage,
  notice: OwnerNotice,
  params: MessageParams = {},
  antiPhishing?: string,
): void {
  const time = utcMinute(isoNow(context));
  const phrase = antiPhishing ?? context.queries.users.byId(user.id).then((owner) => owner?.anti_phishing ?? '');
  Promise.resolve(phrase)
    .then((current) =>
      context.mailer.send(
        composeMail({
          to: user.email,
          lang,
          antiPhishing: current,
          subject: translate(lang, `mail.subject.${notice}`),
          text: translate(lang, `mail.body.${notice}`, { ...params, account: user.account, time }),
        }),
      ),
    )
    .catch((error: unknown) =>
      context.log.warn(
        { notice, reason: error instanceof Error ? error.message : String(error) },
        'owner notice not sent',
      ),
    );
}
