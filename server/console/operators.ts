import { randomBytes } from 'node:crypto';
import { OPERATOR_NAME_PATTERN, type OperatorRole } from '../../contract/console';
import { inTransaction, isoNow, type Domain } from '../context';
import { isUniqueViolation } from '../db/database';
import { hashPassword } from '../security/passwords';
import { newTotpSecret, totpUri } from './totp';

export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

export interface NewOperatorAccount {
  name: string;
  role: OperatorRole;
  /** Shown once: the first sign-in replaces it. */
  password: string;
  totpSecret: string;
  totpUri: string;
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
 * A new console account: a one-time password (the first sign-in asks for a new one) and a TOTP
 * secret for the operator's authenticator app, audited under whoever created it.
 */
export async function addOperator(
  domain: Domain,
  input: { name: string; role: OperatorRole; actor: string; password?: string; mustChangePassword?: boolean },
): Promise<NewOperatorAccount> {
  const name = input.name.trim().toLowerCase();
  if (!OPERATOR_NAME_PATTERN.test(name)) {
    throw new OperatorError('an operator name is 2 to 32 lower-case letters, digits, dots, dashes or underscores');
  }
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  const totpSecret = newTotpSecret();
  try {
    await inTransaction(domain, async (tx) => {
      const at = isoNow(tx);
      const id = await tx.queries.operators.insert({
        name,
        role: input.role,
        password_hash: passwordHash,
        totp_secret: totpSecret,
        created_at: at,
      });
      if (input.mustChangePassword === false) await tx.queries.operators.setPassword(id, passwordHash, false);
      await tx.queries.audit.record({
        actor: input.actor,
        action: 'operator add',
        target_type: 'operator',
        target_id: id,
        after_value: input.role,
        detail: name,
        created_at: at,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new OperatorError(`there is already an operator named ${name}`);
    throw error;
  }
  return { name, role: input.role, password, totpSecret, totpUri: totpUri(totpSecret, name) };
}

/** Disables an account and ends its sessions at once: its next call, on any node, is refused. */
export async function disableOperator(domain: Domain, name: string, actor: string): Promise<void> {
  await inTransaction(domain, async (tx) => {
    // Two admins closing one account at once: one audit row says what it really changed.
    await tx.lock(`operator ${name.trim().toLowerCase()}`);
    const operator = await tx.queries.operators.byName(name.trim().toLowerCase());
    if (!operator) throw new OperatorError(`no operator named ${name}`);
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
  });
}
