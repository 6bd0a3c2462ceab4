import { randomBytes } from 'node:crypto';
import { OPERATOR_NAME_PATTERN, type OperatorAccount, type OperatorRole } from '../../contract/console';
import { isEmail, type WireLanguage } from '../../contract/rules';
import { inTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';
import type { Limits } from '../platform/limits';
import { isUniqueViolation } from '../platform/database/sql';
import type { EnrolmentRow, OperatorListRow, OperatorRow } from './operator-queries';
import { countsFrom } from './four-eyes';
import { utcMinute } from '../platform/i18n';
import { FROM_COMMAND_LINE, reserveGuess } from '../auth/password-guesses';
import { hashPassword } from '../auth/passwords';
import { mailEnrolmentLink, tellAdministrators, type StaffMail } from './staff-notices';
import { newToken, sha256 } from '../platform/security/tokens';
import { newTotpSecret, totpStep, totpUri } from './totp';

/** Why an account could not be added or changed; `mail_failed`: the enrolment link could not be sent. */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
  constructor(
    message: string,
    readonly reason: 'invalid' | 'exists' | 'not_found' | 'mail_failed' = 'invalid',
  ) {
    super(message);
  }
}

/** How long an enrolment link stays good. */
export const ENROLMENT_HOURS = 24;

/** Where the console opens an enrolment link: the token stays in the fragment, never sent in a request line. */
export function enrolmentPath(token: string): string {
  return `/console/#/enrol?token=${token}`;
}

/** Whether an operator has enrolled, may still (their newest link runs), or needs a new account. */
export function enrolmentState(
  row: Pick<OperatorListRow, 'enrolled_at' | 'enrolment_expires_at'>,
  now: string,
): OperatorAccount['enrolment'] {
  if (row.enrolled_at !== null) return 'done';
  return row.enrolment_expires_at !== null && row.enrolment_expires_at > now ? 'waiting' : 'expired';
}

export interface AddedOperator {
  name: string;
  role: OperatorRole;
  /** Where the one-time link went: the only place it ever goes. */
  email: string;
  expiresAt: string;
}

export interface FirstAdministrator {
  name: string;
  /** Shown once: the first sign-in replaces it. */
  password: string;
  totpSecret: string;
  totpUri: string;
}

function normalisedName(name: string): string {
  const normalised = name.trim().toLowerCase();
  if (!OPERATOR_NAME_PATTERN.test(normalised)) {
    throw new OperatorError('an operator name is 2 to 32 lower-case letters, digits, dots, dashes or underscores');
  }
  return normalised;
}

/** 16 characters from an alphabet without look-alikes, with a letter and a digit at least. */
function oneTimePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const password = [...randomBytes(16)].map((byte) => alphabet[byte % alphabet.length]).join('');
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}

/**
 * A new console account without a password or an authenticator, and a one-time link (24 hours)
 * for its operator to set both, mailed to the address given for them and shown to nobody (the
 * console and the CLI only say where it went): whoever adds the account never knows the password
 * or the secret. The mail goes out before the account is written, so an account whose link could
 * not be sent never exists. Audited under whoever added it; every administrator is mailed.
 */
export async function addOperator(
  domain: Domain & StaffMail,
  input: { name: string; role: OperatorRole; email: string; lang: WireLanguage; actor: string },
): Promise<AddedOperator> {
  const name = normalisedName(input.name);
  const email = input.email.trim();
  if (!isEmail(email)) throw new OperatorError('the new operator needs an e-mail address of their own');
  if (await domain.queries.operators.byName(name)) {
    throw new OperatorError(`there is already an operator named ${name}`, 'exists');
  }
  const token = newToken();
  const expiresAt = new Date(domain.now().getTime() + ENROLMENT_HOURS * 3600_000).toISOString();
  try {
    await mailEnrolmentLink(domain, { ...input, name, to: email, path: enrolmentPath(token), expiresAt });
  } catch (error) {
    domain.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'enrolment link not sent');
    throw new OperatorError(`the enrolment link could not be mailed to ${email}: nothing was added`, 'mail_failed');
  }
  try {
    await inTransaction(domain, async (tx) => {
      const at = isoNow(tx);
      const id = await tx.queries.operators.insert({
        name,
        role: input.role,
        password_hash: '',
        must_change_password: 0,
        totp_secret: '',
        created_at: at,
        enrolled_at: null,
        email,
        lang: input.lang,
        confirmed_at: null,
        confirmed_by: null,
      });
      await tx.queries.operators.insertEnrolment({
        operator_id: id,
        token_hash: sha256(token),
        created_by: input.actor,
        created_at: at,
        expires_at: expiresAt,
      });
      await tx.queries.audit.record({
        actor: input.actor,
        action: 'operator add',
        target_type: 'operator',
        target_id: id,
        after_value: input.role,
        detail: `${name}: enrolment link mailed to ${email}, until ${expiresAt}`,
        created_at: at,
      });
    });
  } catch (error) {
    // Added by someone else meanwhile: the link just mailed opens nothing.
    if (isUniqueViolation(error)) throw new OperatorError(`there is already an operator named ${name}`, 'exists');
    throw error;
  }
  await tellAdministrators(domain, 'operator_added', { actor: input.actor, name, role: input.role, email });
  return { name, role: input.role, email, expiresAt };
}

/**
 * The console's first administrator, made by the server's first start: a password (one-time, or
 * the demo's) that the first sign-in replaces, and an authenticator secret printed that once.
 * Nobody else exists yet to hand out an enrolment link.
 */
export async function addFirstAdministrator(
  domain: Domain,
  input: { name: string; password?: string },
): Promise<FirstAdministrator> {
  const name = normalisedName(input.name);
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  const totpSecret = newTotpSecret();
  await inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    const id = await tx.queries.operators.insert({
      name,
      role: 'admin',
      password_hash: passwordHash,
      must_change_password: 1,
      totp_secret: totpSecret,
      created_at: at,
      enrolled_at: at,
      email: null,
      lang: 'en',
      // Nobody else exists yet to confirm the first one: the set-up does.
      confirmed_at: at,
      confirmed_by: 'setup',
    });
    await tx.queries.audit.record({
      actor: 'setup',
      action: 'operator add',
      target_type: 'operator',
      target_id: id,
      after_value: 'admin',
      detail: `${name}: the first administrator`,
      created_at: at,
    });
  });
  return { name, password, totpSecret, totpUri: totpUri(totpSecret, name) };
}

export type EnrolmentRefusal = 'invalid_link' | 'wrong_code';

export class EnrolmentError extends Error {
  override readonly name = 'EnrolmentError';
  constructor(readonly reason: EnrolmentRefusal) {
    super(reason === 'invalid_link' ? 'the enrolment link is unknown, used or out of date' : 'wrong code');
  }
}

/** The link a token names, while it can still enrol its account. */
async function usableEnrolment(domain: Domain, token: string): Promise<EnrolmentRow> {
  const enrolment = await domain.queries.operators.enrolmentByHash(sha256(token));
  const usable =
    enrolment !== undefined &&
    enrolment.used_at === null &&
    enrolment.expires_at > isoNow(domain) &&
    enrolment.status === 'active' &&
    enrolment.enrolled_at === null;
  if (!usable) throw new EnrolmentError('invalid_link');
  return enrolment;
}

export interface OpenedEnrolment {
  name: string;
  role: OperatorRole;
  totpSecret: string;
  totpUri: string;
  expiresAt: string;
}

/**
 * The link is opened: its holder gets the authenticator secret, made now if the link has none
 * yet and the same on every later opening (a reload shows what was scanned). Audited.
 */
export async function openEnrolment(domain: Domain, token: string, ip: string): Promise<OpenedEnrolment> {
  const enrolment = await usableEnrolment(domain, token);
  if (enrolment.totp_secret === null) await domain.queries.operators.giveEnrolmentSecret(enrolment.id, newTotpSecret());
  const opened = await usableEnrolment(domain, token);
  if (opened.totp_secret === null) throw new EnrolmentError('invalid_link');
  await domain.queries.audit.record({
    actor: opened.name,
    action: 'enrolment open',
    target_type: 'operator',
    target_id: opened.operator_id,
    detail: ip,
    created_at: isoNow(domain),
  });
  return {
    name: opened.name,
    role: opened.role,
    totpSecret: opened.totp_secret,
    totpUri: totpUri(opened.totp_secret, opened.name),
    expiresAt: opened.expires_at,
  };
}

/**
 * The holder sets the password and proves the authenticator with its current code: the account
 * becomes usable, the link is spent, the code is taken (good once, as at sign-in). Each refusal
 * and the completion are audited; every administrator hears who enrolled, from which address, and
 * from when their approvals count. Answers the operator's id.
 */
export async function completeEnrolment(
  domain: Domain & StaffMail,
  input: { token: string; password: string; code: string; ip: string; lang: WireLanguage },
): Promise<number> {
  const enrolment = await usableEnrolment(domain, input.token);
  const step = enrolment.totp_secret === null ? null : totpStep(enrolment.totp_secret, input.code, domain.now());
  const audit = (action: string, detail: string) =>
    domain.queries.audit.record({
      actor: enrolment.name,
      action,
      target_type: 'operator',
      target_id: enrolment.operator_id,
      detail,
      created_at: isoNow(domain),
    });
  if (enrolment.totp_secret === null || step === null) {
    await audit('enrolment refused', `wrong authenticator code, ${input.ip}`);
    throw new EnrolmentError('wrong_code');
  }
  const passwordHash = await hashPassword(input.password);
  const totpSecret = enrolment.totp_secret;
  const enrolledAt = await inTransaction(domain, async (tx) => {
    const at = isoNow(tx);
    // Two holders of one link at once: the guarded statements let one of them through.
    const enrolled =
      (await tx.queries.operators.useEnrolment(enrolment.id, at)) &&
      (await tx.queries.operators.completeEnrolment(enrolment.operator_id, {
        password_hash: passwordHash,
        totp_secret: totpSecret,
        totp_last_step: step,
        enrolled_at: at,
      }));
    if (!enrolled) throw new EnrolmentError('invalid_link');
    await tx.queries.operators.setLang(enrolment.operator_id, input.lang);
    await tx.queries.audit.record({
      actor: enrolment.name,
      action: 'enrolment complete',
      target_type: 'operator',
      target_id: enrolment.operator_id,
      detail: input.ip,
      created_at: at,
    });
    return at;
  });
  await tellAdministrators(domain, 'operator_enrolled', {
    name: enrolment.name,
    role: enrolment.role,
    adder: enrolment.created_by,
    ip: input.ip,
    from: utcMinute(countsFrom({ enrolled_at: enrolledAt, confirmed_at: null }) ?? enrolledAt),
  });
  return enrolment.operator_id;
}

/**
 * An operator proven by the current code of their authenticator, for a decision made outside the
 * console (the CLI): the account open and enrolled, its first password changed, the code good
 * once (the same steps a sign-in takes). Wrong codes count against the name like a wrong
 * password at sign-in, and are audited.
 */
export async function operatorByCode(
  domain: Domain,
  limits: Pick<Limits, 'loginFailures' | 'untrustedLoginFailures' | 'loginWindowSeconds'>,
  input: { name: string; code: string; via: string },
): Promise<OperatorRow> {
  const name = input.name.trim().toLowerCase();
  const operator = await domain.queries.operators.byName(name);
  if (!operator || operator.status !== 'active' || operator.enrolled_at === null) {
    throw new OperatorError(`no usable operator named ${name}`);
  }
  if (operator.must_change_password === 1) {
    throw new OperatorError(`${name} must first sign in to the console and set a password of their own`);
  }
  const guess = await reserveGuess(domain, limits, `operator:${operator.id}`, FROM_COMMAND_LINE);
  if ('retryAfter' in guess) throw new OperatorError(`too many wrong codes for ${name}: try again later`);
  const step = totpStep(operator.totp_secret, input.code.trim(), domain.now());
  if (step === null || !(await domain.queries.operators.useTotpStep(operator.id, step))) {
    await domain.queries.audit.record({
      actor: name,
      action: 'code refused',
      target_type: 'operator',
      target_id: operator.id,
      detail: input.via,
      created_at: isoNow(domain),
    });
    throw new OperatorError(`wrong or already used code for ${name}`);
  }
  await domain.queries.codes.releaseGuess(guess.id);
  return operator;
}

/**
 * Disables an account and ends its sessions at once: its next call, on any node, is refused.
 * Every administrator is mailed.
 */
export async function disableOperator(domain: Domain & StaffMail, name: string, actor: string): Promise<void> {
  const operator = await inTransaction(domain, async (tx) => {
    // Two admins closing one account at once: one audit row says what it really changed.
    await tx.lock(`operator ${name.trim().toLowerCase()}`);
    const operator = await tx.queries.operators.byName(name.trim().toLowerCase());
    if (!operator) throw new OperatorError(`no operator named ${name}`, 'not_found');
    const at = isoNow(tx);
    await tx.queries.operators.setStatus(operator.id, 'disabled');
    await tx.queries.operators.revokeSessionsOf(operator.id, at);
    await tx.queries.audit.record({
      actor,
      action: 'operator disable',
      target_type: 'operator',
      target_id: operator.id,
      before_value: operator.status,
      after_value: 'disabled',
      detail: operator.name,
      created_at: at,
    });
    return operator;
  });
  await tellAdministrators(
    domain,
    'operator_disabled',
    { actor, name: operator.name, role: operator.role },
    operator.name,
  );
}

/**
 * Gives an account its address (or a new one): those from before addresses were asked have none,
 * so neither their enrolment nor, for administrators, the four-eyes notices can reach them. The
 * CLI's only, audited with the address it replaced.
 */
export async function setOperatorEmail(domain: Domain, name: string, email: string, actor: string): Promise<void> {
  const address = email.trim();
  if (!isEmail(address)) throw new OperatorError(`${address} is not an e-mail address`);
  await inTransaction(domain, async (tx) => {
    await tx.lock(`operator ${name.trim().toLowerCase()}`);
    const operator = await tx.queries.operators.byName(name.trim().toLowerCase());
    if (!operator) throw new OperatorError(`no operator named ${name}`, 'not_found');
    await tx.queries.operators.setEmail(operator.id, address);
    await tx.queries.audit.record({
      actor,
      action: 'operator email',
      target_type: 'operator',
      target_id: operator.id,
      before_value: operator.email ?? '',
      after_value: address,
      detail: operator.name,
      created_at: isoNow(tx),
    });
  });
}
