import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import {
  CONSOLE_API_PREFIX,
  CSRF_FREE_CALLS,
  CSRF_HEADER,
  consoleCallSchemas,
  type ConsoleCallPath,
  type ConsoleCallResponse,
  type ConsoleParsedRequest,
} from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import type { WireLanguage } from '../../contract/rules';
import { answered, bodyOf, validationError, type RouteLimit, type SerializedData } from '../platform/http/envelope';
import { isoNow, secondsAgo } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { OperatorSessionRow } from './operator-queries';
import { ApiError, signedOut } from '../platform/http/errors';
import { isMessageKey, languageOf, translate } from '../platform/i18n';
import { sameDigest, sha256 } from '../platform/security/tokens';
import { sessionOf } from './session';

export interface ConsoleCallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  lang: WireLanguage;
  ip: string;
}

export interface OperatorCallContext extends ConsoleCallContext {
  operator: OperatorSessionRow;
}

type Awaitable<T> = T | Promise<T>;
type ConsoleCallResult<P extends ConsoleCallPath> = Awaitable<
  ConsoleCallResponse<P> | SerializedData<ConsoleCallResponse<P>>
>;

/** Calls a session waiting for its new password may still make. */
const BEFORE_NEW_PASSWORD: readonly ConsoleCallPath[] = ['auth/session', 'auth/password', 'auth/logout'];
/**
 * Reads the console makes by itself (the queue refreshed on a live event, the four-eyes banner):
 * they do not count as the operator being there, so an unattended console still signs out.
 */
const UNATTENDED_READS: readonly ConsoleCallPath[] = ['auth/session', 'review/queue', 'four-eyes/status'];

/**
 * An operator's activity is written at most this often: the idle sign-out is exact to within it,
 * and a console busy reading does not write on every read.
 */
const ACTIVITY_RECORDED_EVERY_SECONDS = 30;

export interface ConsoleCallRegistry {
  open<P extends ConsoleCallPath>(
    path: P,
    handler: (input: ConsoleParsedRequest<P>, context: ConsoleCallContext) => ConsoleCallResult<P>,
    limit?: RouteLimit,
  ): void;
  /** A call for a signed-in operator; `admin` ones for admins only. */
  operator<P extends ConsoleCallPath>(
    path: P,
    handler: (input: ConsoleParsedRequest<P>, context: OperatorCallContext) => ConsoleCallResult<P>,
    options?: { admin?: boolean; limit?: RouteLimit },
  ): void;
}

/** A field's console wording first ("the authenticator code"), else the customers' one. */
function consoleValidationError(error: ZodError, body: Record<string, unknown>): ApiError {
  const generic = validationError(error, body);
  const field = typeof generic.data.field === 'string' ? generic.data.field : '';
  const value = body[field];
  const blank = value === undefined || (typeof value === 'string' && value.trim() === '');
  const generalKeys: readonly string[] = ['invalid', 'incomplete', `invalid.${field}`, `required.${field}`];
  const consoleKey = `console.${blank ? 'required' : 'invalid'}.${field}`;
  return generalKeys.includes(generic.key) && isMessageKey(consoleKey)
    ? new ApiError(generic.code, consoleKey, generic.data)
    : generic;
}

/** Same-origin pages only: a browser names the page's origin on every POST it sends. */
function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

function sameToken(sent: unknown, expected: string): boolean {
  return typeof sent === 'string' && sent !== '' && sameDigest(sha256(sent), sha256(expected));
}

export const csrfRefused = () => new ApiError(ResultCode.forbidden, 'console.csrf');

/**
 * Registers console calls at /api/console/<path>: the body checked by the contract, the caller
 * known by the session cookie alone (a customer's `access-token` opens nothing here), the CSRF
 * header checked on every call that is not a sign-in or a session read, and the role checked
 * before the handler runs.
 */
export function createConsoleCalls(app: FastifyInstance, context: ServerContext): ConsoleCallRegistry {
  function register<P extends ConsoleCallPath, C extends ConsoleCallContext>(
    path: P,
    limit: RouteLimit | undefined,
    contextFor: (base: ConsoleCallContext) => Promise<C>,
    handler: (input: ConsoleParsedRequest<P>, context: C) => ConsoleCallResult<P>,
  ) {
    const schema = consoleCallSchemas[path];
    app.post(`${CONSOLE_API_PREFIX}${path}`, limit ? { config: { rateLimit: limit } } : {}, async (request, reply) => {
      const body = bodyOf(request);
      const lang = languageOf(body.lang);
      if (!isSameOrigin(request)) throw csrfRefused();
      const callContext = await contextFor({ request, reply, lang, ip: request.ip });
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw consoleValidationError(parsed.error, body);
      const data = await handler(parsed.data as ConsoleParsedRequest<P>, callContext);
      return answered(reply, translate(lang, 'ok'), data);
    });
  }

  async function operatorContext(path: ConsoleCallPath, admin: boolean, base: ConsoleCallContext) {
    const operator = await sessionOf(context, base.request);
    if (!operator) throw signedOut();
    if (!CSRF_FREE_CALLS.includes(path) && !sameToken(base.request.headers[CSRF_HEADER], operator.csrf_token)) {
      throw csrfRefused();
    }
    if (operator.must_change_password === 1 && !BEFORE_NEW_PASSWORD.includes(path)) {
      throw new ApiError(ResultCode.forbidden, 'console.password_change');
    }
    if (admin && operator.role !== 'admin') throw new ApiError(ResultCode.forbidden, 'console.admin_only');
    const recentlySeen = operator.last_seen_at > secondsAgo(context, ACTIVITY_RECORDED_EVERY_SECONDS);
    if (!UNATTENDED_READS.includes(path) && !recentlySeen) {
      await context.queries.operators.touchSession(operator.token_hash, isoNow(context));
    }
    return { ...base, operator };
  }

  return {
    open(path, handler, limit) {
      register(path, limit, async (base) => base, handler);
    },
    operator(path, handler, options = {}) {
      register(path, options.limit, (base) => operatorContext(path, options.admin ?? false, base), handler);
    },
  };
}
