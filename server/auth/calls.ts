import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { callSchemas, type CallPath, type ParsedRequest } from '../../contract/calls';
import { ResultCode, type Envelope } from '../../contract/envelope';
import type { CallResponse } from '../../contract/responses';
import { API_PREFIX, type WireLanguage } from '../../contract/rules';
import type { UserRow } from '../customers/queries';
import { ApiError, forbidden, signedOut } from '../platform/http/errors';
import { isMessageKey, languageOf, translate, type MessageKey } from '../platform/i18n';

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  lang: WireLanguage;
  ip: string;
}

export interface UserCallContext extends CallContext {
  user: UserRow;
  tokenHash: string;
}

export interface RouteLimit {
  max: number;
  timeWindow: number;
}

type Awaitable<T> = T | Promise<T>;

/**
 * A call's data already turned into JSON once, for an answer served unchanged to many callers
 * (the hall), so each request does not serialise it again.
 */
export class SerializedData<T> {
  declare private readonly shape: T;
  private constructor(readonly json: string) {}
  static of<T>(data: T): SerializedData<T> {
    return new SerializedData<T>(JSON.stringify(data));
  }
}

type CallResult<P extends CallPath> = Awaitable<CallResponse<P> | SerializedData<CallResponse<P>>>;

export interface CallRegistry {
  /** A call anyone may make (login, register, codes). */
  open<P extends CallPath>(
    path: P,
    handler: (input: ParsedRequest<P>, context: CallContext) => CallResult<P>,
    limit?: RouteLimit,
  ): void;
  /** A call that needs a signed-in, active user. */
  user<P extends CallPath>(
    path: P,
    handler: (input: ParsedRequest<P>, context: UserCallContext) => CallResult<P>,
    limit?: RouteLimit,
  ): void;
}

export type Authenticate = (token: string, ip: string) => Promise<{ user: UserRow; tokenHash: string } | undefined>;

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

export function langOf(request: FastifyRequest): WireLanguage {
  return languageOf(bodyOf(request).lang);
}

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, data };
}

/** A call's successful answer, its data serialised once already or not. */
export function answered<T>(reply: FastifyReply, msg: string, data: T | SerializedData<T>): Envelope<T> | string {
  if (!(data instanceof SerializedData)) return envelope(ResultCode.ok, msg, data);
  reply.type('application/json; charset=utf-8');
  return `{"code":${ResultCode.ok},"msg":${JSON.stringify(msg)},"data":${data.json}}`;
}

export function sendApiError(reply: FastifyReply, error: ApiError, lang: WireLanguage): FastifyReply {
  return reply.code(200).send(envelope(error.code, translate(lang, error.key, error.params), error.data));
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Turns the first zod issue into the envelope's 400: which field, and a message in the caller's language. */
export function validationError(error: ZodError, body: Record<string, unknown>): ApiError {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : '';
  let key: MessageKey = 'invalid';
  if (isBlank(body[field])) {
    const specific = `required.${field}`;
    key = isMessageKey(specific) ? specific : 'incomplete';
  } else if (issue && issue.message !== 'invalid' && isMessageKey(issue.message)) {
    key = issue.message;
  } else {
    const specific = `invalid.${field}`;
    if (isMessageKey(specific)) key = specific;
  }
  return new ApiError(ResultCode.invalid, key, field ? { field } : {});
}

export function createCallRegistry(app: FastifyInstance, authenticate: Authenticate): CallRegistry {
  async function signedInSession(request: FastifyRequest) {
    const token = request.headers['access-token'];
    const session = typeof token === 'string' && token !== '' ? await authenticate(token, request.ip) : undefined;
    if (!session) throw signedOut();
    if (session.user.status !== 'active') throw forbidden();
    return session;
  }

  function register<P extends CallPath, C extends CallContext>(
    path: P,
    limit: RouteLimit | undefined,
    contextFor: (request: FastifyRequest, base: CallContext) => Awaitable<C>,
    handler: (input: ParsedRequest<P>, context: C) => CallResult<P>,
  ) {
    const schema = callSchemas[path];
    app.post(`${API_PREFIX}${path}`, limit ? { config: { rateLimit: limit } } : {}, async (request, reply) => {
      const body = bodyOf(request);
      const context = await contextFor(request, { request, reply, lang: languageOf(body.lang), ip: request.ip });
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, body);
      const data = await handler(parsed.data as ParsedRequest<P>, context);
      return answered(reply, translate(context.lang, 'ok'), data);
    });
  }

  return {
    open(path, handler, limit) {
      register(path, limit, (_request, base) => base, handler);
    },
    user(path, handler, limit) {
      register(
        path,
        limit,
        async (request, base) => {
          const session = await signedInSession(request);
          return { ...base, user: session.user, tokenHash: session.tokenHash };
        },
        handler,
      );
    },
  };
}
