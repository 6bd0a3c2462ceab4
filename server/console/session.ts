import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_SESSION_COOKIE, type ConsoleSession } from '../../contract/console';
import { isoNow, secondsAgo, type Domain } from '../context';
import type { OperatorSessionRow } from '../db/operators';
import { newToken, sha256 } from '../security/tokens';

/** A console left alone this long signs out. */
export const CONSOLE_IDLE_MINUTES = 15;
/** However busy, a console session ends after a working day. */
const SESSION_MAX_SECONDS = 12 * 3600;

/** One cookie's value from the request's Cookie header. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The cookie for a session: never readable by scripts, never sent by another site. */
function sessionCookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${CONSOLE_SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', sessionCookie(request, token, SESSION_MAX_SECONDS));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', sessionCookie(request, '', 0));
}

/** Opens a session for an operator who proved password and code; the token goes in the cookie. */
export async function openSession(domain: Domain, operatorId: number): Promise<{ token: string; csrf: string }> {
  const token = newToken();
  const csrf = newToken();
  const now = domain.now();
  await domain.queries.operators.insertSession({
    token_hash: sha256(token),
    operator_id: operatorId,
    csrf_token: csrf,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MAX_SECONDS * 1000).toISOString(),
  });
  return { token, csrf };
}

/** The open session a session hash names: not revoked, not idle too long, its operator active. */
export function sessionByHash(domain: Domain, tokenHash: string): Promise<OperatorSessionRow | undefined> {
  return domain.queries.operators.activeSession(
    tokenHash,
    isoNow(domain),
    secondsAgo(domain, CONSOLE_IDLE_MINUTES * 60),
  );
}

/** The request's open session, by its cookie. */
export function sessionOf(domain: Domain, request: FastifyRequest): Promise<OperatorSessionRow | undefined> {
  const token = cookieOf(request, CONSOLE_SESSION_COOKIE);
  return token ? sessionByHash(domain, sha256(token)) : Promise.resolve(undefined);
}

export function sessionInfo(
  operator: Pick<OperatorSessionRow, 'name' | 'role' | 'must_change_password'>,
  csrf: string,
): ConsoleSession {
  return {
    operator: { name: operator.name, role: operator.role, must_change_password: operator.must_change_password === 1 },
    csrf,
    idle_minutes: CONSOLE_IDLE_MINUTES,
  };
}
