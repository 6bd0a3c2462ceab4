import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { WireLanguage } from '../../../contract/rules';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../data-folder';
import { translate } from '../i18n';

const COMPOSED = Symbol('composed by composeMail');

/** An e-mail ready to go; only composeMail makes one, so none goes out without its header. */
export interface Mail {
  to: string;
  lang: WireLanguage;
  subject: string;
  text: string;
  readonly [COMPOSED]: true;
}

/**
 * Puts the recipient's anti-phishing phrase at the top of the text, so that an e-mail without it
 * is not ours. Every kind of e-mail is made here: the phrase cannot be left out of one.
 */
export function composeMail(parts: {
  to: string;
  lang: WireLanguage;
  /** The recipient's phrase; empty when they have none (or no account yet). */
  antiPhishing: string;
  subject: string;
  text: string;
}): Mail {
  const { antiPhishing, ...mail } = parts;
  const text = antiPhishing
    ? `${translate(parts.lang, 'mail.anti_phishing', { phrase: antiPhishing })}\n\n${parts.text}`
    : parts.text;
  return { ...mail, text, [COMPOSED]: true };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where the outbox says which file it wrote: the server's log (the operator CLI says where mail went itself). */
export interface OutboxLog {
  info(details: { file: string }, message: string): void;
}

/**
 * Without SMTP, each e-mail becomes one file in the outbox folder, named so that the newest sorts
 * last. The log names the file but never carries the code.
 */
export function outboxMailer(dir: string, log?: OutboxLog): Mailer {
  let sequence = 0;
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      sequence = (sequence + 1) % 1_000_000;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${process.pid}-${sequence.toString().padStart(6, '0')}.txt`;
      const file = path.join(dir, name);
      // A new file or none: never one that is there already, nor through a link.
      await fs.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, {
        mode: PRIVATE_FILE_MODE,
        flag: 'wx',
      });
      log?.info({ file }, 'e-mail written to the outbox');
    },
  };
}

export function smtpMailer(url: string, from = 'no-reply@localhost'): Mailer {
  // Loaded with the first mail (half a second): the operator CLI's commands that send none do not wait for it.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
