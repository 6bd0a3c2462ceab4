import type { OperatorRole } from '../../contract/console';
import type { WireLanguage } from '../../contract/rules';
import { isoNow, type Domain } from '../platform/domain';
import { translate, utcMinute, type MessageParams } from '../platform/i18n';
import { composeMail, type Mailer } from '../platform/mail/mailer';

/** Where a warning goes when a notice could not be sent: the server's log, or the CLI's stderr. */
export interface MailLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** What mails staff: the mailer (SMTP, or the outbox folder), the console's address for links, a log. */
export interface StaffMail {
  mailer: Mailer;
  /** The console's origin (`https://console.example.com`), or '' when neither PUBLIC_URL nor CONSOLE_HOST is set. */
  consoleOrigin: string;
  log: MailLog;
}

/** Changes to four eyes that every administrator hears of, each with a subject and a body in every language. */
export type StaffNotice =
  | 'operator_added'
  | 'operator_enrolled'
  | 'operator_confirmed'
  | 'operator_disabled'
  | 'limit_raise'
  | 'limit_raise_confirmed'
  | 'limit_lowered';

function roleName(lang: WireLanguage, role: OperatorRole): string {
  return translate(lang, `mail.staff.role.${role}`);
}

/**
 * Tells every open, enrolled administrator with an address, each in the console language they
 * last used, that four eyes changed: who did what, when. Whoever makes a second identity of
 * their own, or raises the limit, is heard of by everyone who could stop them. Sent once the
 * change is committed and awaited (changes are rare, and the CLI exits afterwards); a mail that
 * fails is logged, never undoes the change.
 */
export async function tellAdministrators(
  domain: Pick<Domain, 'queries' | 'now'> & StaffMail,
  notice: StaffNotice,
  params: MessageParams & { role?: OperatorRole },
  /** An administrator to tell whatever their account's state now: the one just disabled. */
  alsoTo?: string,
): Promise<void> {
  const time = utcMinute(isoNow(domain));
  const admins = (await domain.queries.operators.standings()).filter(
    (operator) =>
      operator.role === 'admin' &&
      operator.email &&
      ((operator.status === 'active' && operator.enrolled_at !== null) || operator.name === alsoTo),
  );
  await Promise.all(
    admins.map(async ({ email, lang, name }) => {
      const { role, ...rest } = params;
      const text = translate(lang, `mail.body.${notice}`, {
        ...rest,
        ...(role ? { role: roleName(lang, role) } : {}),
        time,
      });
      try {
        await domain.mailer.send(
          composeMail({
            to: email ?? '',
            lang,
            antiPhishing: '',
            subject: translate(lang, `mail.subject.${notice}`),
            text: `${text}\n\n${translate(lang, 'mail.staff.footer', { admin: name })}`,
          }),
        );
      } catch (error) {
        domain.log.warn(
          { notice, admin: name, reason: error instanceof Error ? error.message : String(error) },
          'staff notice not sent',
        );
      }
    }),
  );
}

/**
 * The new operator's one-time enrolment link, to their own address and nowhere else: the console
 * never shows it and the CLI never prints it. Throws when it could not be sent.
 */
export async function mailEnrolmentLink(
  domain: Pick<Domain, 'now'> & StaffMail,
  enrolment: {
    to: string;
    lang: WireLanguage;
    name: string;
    role: OperatorRole;
    actor: string;
    path: string;
    expiresAt: string;
  },
): Promise<void> {
  const { lang } = enrolment;
  const body = translate(lang, 'mail.body.operator_enrolment', {
    name: enrolment.name,
    role: roleName(lang, enrolment.role),
    actor: enrolment.actor,
    until: utcMinute(enrolment.expiresAt),
    link: `${domain.consoleOrigin}${enrolment.path}`,
  });
  const where = domain.consoleOrigin ? '' : `\n\n${translate(lang, 'mail.operator_enrolment_path')}`;
  await domain.mailer.send(
    composeMail({
      to: enrolment.to,
      lang,
      antiPhishing: '',
      subject: translate(lang, 'mail.subject.operator_enrolment'),
      text: `${body}${where}`,
    }),
  );
}
