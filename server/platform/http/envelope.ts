import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { ResultCode, type Envelope } from '../../../contract/envelope';
import type { WireLanguage } from '../../../contract/rules';
import { ApiError } from './errors';
import { isMessageKey, languageOf, translate, type MessageKey } from '../i18n';

/** What every call's handler is given, signed in or not. */
export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  lang: WireLanguage;
  ip: string;
}

export interface RouteLimit {
  max: number;
  timeWindow: number;
}

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
