import type { FastifyError, FastifyInstance } from 'fastify';
import { ResultCode } from '../../../contract/envelope';
import { translate } from '../i18n';
import { envelope, langOf, sendApiError } from './envelope';
import { ApiError } from './errors';

/** Who is told of refusals and of errors no handler expected (the metrics). */
export interface ErrorWatch {
  refused(): void;
  internalError(): void;
}

function fastifyErrorAsApiError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(ResultCode.tooLarge, 'bad_request');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(ResultCode.unsupportedMedia, 'bad_request');
    default:
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? new ApiError(ResultCode.invalid, 'bad_request')
        : undefined;
  }
}

function isOutOfDescriptors(error: FastifyError): boolean {
  return error.code === 'EMFILE' || error.code === 'ENFILE';
}

/** PostgreSQL's "data exception" class (22…): a NUL byte in text, a number out of range. */
function isValueRefusedByDatabase(error: FastifyError): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

/** Every error becomes an envelope in the caller's language; a 500 never leaves the server. */
export function answerErrors(app: FastifyInstance, watch: ErrorWatch): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const where = { method: request.method, url: request.url };
    if (reply.raw.headersSent) {
      // A reply already under way (a static file that failed halfway) cannot become an envelope:
      // the connection is cut, so the client sees a broken reply instead of a wrong one.
      request.log.warn({ ...where, reason: error.message }, 'reply failed after it began');
      reply.raw.destroy();
      return;
    }
    const lang = langOf(request);
    if (error instanceof ApiError && error.code === ResultCode.tooManyRequests) watch.refused();
    if (error instanceof ApiError) return sendApiError(reply, error, lang);
    const expected = fastifyErrorAsApiError(error);
    if (expected) return sendApiError(reply, expected, lang);
    if (isOutOfDescriptors(error)) {
      request.log.warn({ ...where, reason: error.message }, 'out of file descriptors');
      watch.internalError();
      return reply
        .code(503)
        .header('retry-after', '1')
        .send(envelope(ResultCode.internal, translate(lang, 'internal'), {}));
    }
    if (isValueRefusedByDatabase(error)) {
      // Every input is validated before it reaches the database; this is the last line behind it.
      request.log.warn({ ...where, reason: error.message }, 'the database refused a value');
      return sendApiError(reply, new ApiError(ResultCode.invalid, 'bad_request'), lang);
    }
    request.log.error({ err: error, ...where }, 'unhandled error');
    watch.internalError();
    return reply.code(200).send(envelope(ResultCode.internal, translate(lang, 'internal'), {}));
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const lang = langOf(request);
    return reply.code(404).send(envelope(ResultCode.notFound, translate(lang, 'not_found'), {}));
  });
}
