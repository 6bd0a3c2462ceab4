import type { FastifyBaseLogger } from 'fastify';
import type { Domain } from './domain';
import type { Limits } from './limits';
import type { Mailer } from './mail/mailer';

/**
 * What route modules work with; built once in buildApp. The platform's own parts are named here;
 * a capability that keeps something in the context for the others adds its field with
 * `declare module` beside what it keeps (the live sockets, the push sender, the session cache,
 * the metrics, the review rules, the chain's trust), so the platform never imports a capability.
 */
export interface ServerContext extends Domain {
  mailer: Mailer;
  limits: Limits;
  log: FastifyBaseLogger;
  /** The app's public address for links we hand out (invite links); else the request's origin. */
  publicUrl: string | undefined;
  /** The console's origin for the links mailed to operators; '' when neither PUBLIC_URL nor CONSOLE_HOST is set. */
  consoleOrigin: string;
  /** Root of the uploads folder. */
  uploadsDir: string;
  /** Hours a new or changed payout account waits before withdrawals to it. */
  withdrawHoldHours: number;
}
