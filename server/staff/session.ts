import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_SESSION_COOKIE, type ConsoleSession } from '../../contract/console';
import { isoNow, secondsAgo, type Domain } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { OperatorRow, OperatorSessionRow } from './operator-queries';
import { newToken, sha256 } from '../platform/security/tokens';

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

/**
 * The cookie for a session: never readable by scripts, never sent by another site, and never
 * over plain HTTP where the service is public over HTTPS. The request's own scheme is not
 * enough: behind a proxy that is not trusted (TRUST_PROXY unset), every request looks like HTTP.
 */
function consoleCookie(
  context: Pick<ServerContext, 'publicUrl'>,
  request: FastifyRequest,
  name: string,
  value: string,
  maxAge: number,
): string {
  const https = request.protocol === 'https' || context.publicUrl?.startsWith('https:') === true;
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${https ? '; Secure' : ''}`;
}

/** The cookie that marks a browser an operator signed in with; only its digest is stored. */
export const CONSOLE_DEVICE_COOKIE = 'console_device';
/** How long a browser stays one an operator signed in with, unless they sign in again. */
const DEVICE_MAX_SECONDS = 365 * 24 * 3600;
/** What newToken makes; anything else in the cookie is not ours. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

/** The digest of the request's device cookie, when it has one. */
export function consoleDeviceOf(request: FastifyRequest): string | undefined {
  const token = cookieOf(request, CONSOLE_DEVICE_COOKIE);
  return token && DEVICE_TOKEN.test(token) ? sha256(token) : undefined;
}

/**
 * Signs a browser in: the session cookie, and the device cookie (its own, or a new one), whose
 * digest is returned to be recorded as this operator's. Both as a session cookie is: HttpOnly,
 * same site only, Secure on HTTPS.
 */
export function setSignInCookies(
  context: Pick<ServerContext, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
  session: string,
): string {
  const device = cookieOf(request, CONSOLE_DEVICE_COOKIE);
  const kept = device && DEVICE_TOKEN.test(device) ? device : newToken();
  reply.header('set-cookie', [
    consoleCookie(context, request, CONSOLE_SESSION_COOKIE, session, SESSION_MAX_SECONDS),
    consoleCookie(context, request, CONSOLE_DEVICE_COOKIE, kept, DEVICE_MAX_SECONDS),
  ]);
  return sha256(kept);
}

export function clearSessionCookie(
  context: Pick<ServerContext, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('set-cookie', consoleCookie(context, request, CONSOLE_SESSION_COOKIE, '', 0));
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

/**
 * The request's open session if its operator has set a password of their own: a session still
 * on a one-time password opens nothing but the password change (no proofs, no live queue).
 */
export async function workingSessionOf(
  domain: Domain,
  request: FastifyRequest,
): Promise<OperatorSessionRow | undefined> {
  const session = await sessionOf(domain, request);
  return session?.must_change_password === 0 ? session : undefined;
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

/**
 * Signs an operator in on this browser, once they proved who they are (password and code, or an
 * enrolment just completed): a session, the audit row, the cookies, and the browser recorded as
 * one they signed in with.
 */
export async function signInBrowser(
  context: ServerContext,
  operator: OperatorRow,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ConsoleSession> {
  const { token, csrf } = await openSession(context, operator.id);
  const at = isoNow(context);
  await context.queries.audit.record({
    actor: operator.name,
    action: 'sign in',
    target_type: 'operator',
    target_id: operator.id,
    detail: request.ip,
    created_at: at,
  });
  await context.queries.operators.recordDevice(operator.id, setSignInCookies(context, request, reply, token), at);
  return sessionInfo(operator, csrf);
}
