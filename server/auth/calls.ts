import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callSchemas, type CallPath, type ParsedRequest } from '../../contract/calls';
import type { CallResponse } from '../../contract/responses';
import { API_PREFIX } from '../../contract/rules';
import type { UserRow } from '../customers/queries';
import {
  answered,
  bodyOf,
  validationError,
  type CallContext,
  type RouteLimit,
  type SerializedData,
} from '../platform/http/envelope';
import { forbidden, signedOut } from '../platform/http/errors';
import { languageOf, translate } from '../platform/i18n';

export interface UserCallContext extends CallContext {
  user: UserRow;
  tokenHash: string;
}

type Awaitable<T> = T | Promise<T>;

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
