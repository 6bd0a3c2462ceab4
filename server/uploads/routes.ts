import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ResultCode } from '../../contract/envelope';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, type UploadMimeType } from '../../contract/rules';
import type { CallRegistry } from '../auth/calls';
import { workingSessionOf } from '../staff/session';
import type { UploadRow } from './queries';
import { authenticate } from '../auth/routes';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { ApiError, invalidField } from '../platform/http/errors';
import { rewriteImage } from './images';
import { sha256 } from '../platform/security/tokens';
import { languageOf } from '../platform/i18n';

const EXTENSIONS: Record<UploadMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

function isAccepted(mime: string): mime is UploadMimeType {
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(mime);
}

/** The language of a multipart request travels as a field before the file. */
function rememberLanguage(request: FastifyRequest, part: MultipartFile): void {
  const field = part.fields.lang;
  const value = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  request.body = { lang: languageOf(value) };
}

/**
 * The multipart parser fails on what the client sent (no boundary, a body cut short): that is the
 * client's 400, not the server's 500.
 */
function unreadable(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(ResultCode.tooLarge, 'upload_too_large', { field: 'file' });
  // Our own refusals and the plugin's coded ones (limits) are answered as they are.
  if (error instanceof ApiError || (typeof code === 'string' && code.startsWith('FST_'))) return error;
  return new ApiError(ResultCode.invalid, 'bad_request', { field: 'file' });
}

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
    if (!part) throw invalidField('file', 'required.file');
    rememberLanguage(request, part);
    return await part.toBuffer();
  } catch (error) {
    throw unreadable(error);
  }
}

export function attachRoutes(calls: CallRegistry, app: FastifyInstance, context: ServerContext): void {
  const { queries } = context;

  calls.user(
    'attach/upload',
    async (_input, { request, user }) => {
      const content = await readUpload(request);
      // What the bytes are, not what the file claims to be.
      const sniffed = await fileTypeFromBuffer(content);
      const mime = sniffed && isAccepted(sniffed.mime) ? sniffed.mime : undefined;
      const rewritten = mime && (await rewriteImage(content, mime));
      if (!mime || !rewritten) throw new ApiError(ResultCode.unsupportedMedia, 'upload_type', { field: 'file' });
      const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
      // In the database, so that every node serves it. The digest tells one picture from another
      // (the same picture sent twice is written out to the same bytes), so that one transfer
      // proof cannot back two recharges.
      await queries.uploads.insert({
        user_id: user.id,
        name,
        mime,
        size: rewritten.length,
        content: rewritten,
        content_hash: sha256(rewritten),
        created_at: isoNow(context),
      });
      return { url: `/uploads/${name}` };
    },
    { max: 30, timeWindow: 3600_000 },
  );

  /**
   * Who may see an upload that is not its owner's avatar (anyone may see those: other customers
   * do), that is a transfer proof: its owner, by their token, and operators, by a console
   * session past its first password change.
   */
  async function maySee(request: FastifyRequest, upload: UploadRow): Promise<boolean> {
    const token = request.headers['access-token'];
    const customer =
      typeof token === 'string' && token !== '' ? await authenticate(context, token, request.ip) : undefined;
    if (customer?.user.id === upload.user_id) return true;
    return (await workingSessionOf(context, request)) !== undefined;
  }

  /**
   * Uploaded images come back under their random names with the type we sniffed, never sniffed
   * again by the browser, and unable to run anything even if opened directly. One that the
   * caller may not see is answered like one that does not exist.
   */
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const upload = STORED_NAME.test(name) ? await queries.uploads.find(name) : undefined;
    if (!upload) return reply.code(404).type('text/plain').send('Not found');
    const avatar = await queries.uploads.isOwnersAvatar(upload.name);
    if (!avatar && !(await maySee(request, upload))) return reply.code(404).type('text/plain').send('Not found');
    // Uploads from before they were kept in the database are still in the uploads folder.
    const content = upload.content ?? (await fs.promises.readFile(path.join(context.uploadsDir, name)));
    return (
      reply
        .header('Content-Type', upload.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        // A proof is not kept on an operator's shared computer after they sign out.
        .header('Cache-Control', avatar ? 'private, max-age=31536000, immutable' : 'no-store')
        .send(content)
    );
  });
}
