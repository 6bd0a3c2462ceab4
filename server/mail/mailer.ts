import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Without SMTP, each e-mail becomes one file in the outbox folder, named so that the newest sorts
 * last. The log names the file but never carries the code.
 */
export function outboxMailer(dir: string, log: FastifyBaseLogger): Mailer {
  let sequence = 0;
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      sequence = (sequence + 1) % 1_000_000;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${process.pid}-${sequence.toString().padStart(6, '0')}.txt`;
      const file = path.join(dir, name);
      await fs.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
      log.info({ file }, 'e-mail written to the outbox');
    },
  };
}

export function smtpMailer(url: string, from = 'no-reply@localhost'): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
