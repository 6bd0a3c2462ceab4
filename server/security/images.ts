/**
 * Structure checks for uploaded images, beyond their magic bytes: the file must be exactly one
 * image — nothing hidden after its end, no markup inside — so that an upload cannot double as an
 * HTML page, a script or an archive (a "polyglot").
 */
import type { UploadMimeType } from '../../contract/rules';

const MARKUP = [/<script/i, /<html/i, /<\?php/i, /<svg/i, /<iframe/i, /javascript:/i];

function containsMarkup(content: Buffer): boolean {
  // latin1 maps each byte to one character, so byte patterns are found wherever they sit.
  const text = content.toString('latin1');
  return MARKUP.some((pattern) => pattern.test(text));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Walks the chunks: IHDR first, IEND last, and nothing after it. */
function isWholePng(content: Buffer): boolean {
  if (content.length < PNG_SIGNATURE.length + 12 || !content.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let first = true;
  while (offset + 12 <= content.length) {
    const length = content.readUInt32BE(offset);
    const type = content.toString('latin1', offset + 4, offset + 8);
    if (first && type !== 'IHDR') return false;
    first = false;
    const next = offset + 12 + length;
    if (next > content.length) return false;
    if (type === 'IEND') return next === content.length;
    offset = next;
  }
  return false;
}

/** Starts with SOI and ends with EOI: anything appended after the image is refused. */
function isWholeJpeg(content: Buffer): boolean {
  const length = content.length;
  return (
    length > 4 &&
    content[0] === 0xff &&
    content[1] === 0xd8 &&
    content[length - 2] === 0xff &&
    content[length - 1] === 0xd9
  );
}

/** The RIFF header's size covers the whole file, exactly. */
function isWholeWebp(content: Buffer): boolean {
  return (
    content.length >= 12 &&
    content.toString('latin1', 0, 4) === 'RIFF' &&
    content.toString('latin1', 8, 12) === 'WEBP' &&
    content.readUInt32LE(4) + 8 === content.length
  );
}

export function isCleanImage(content: Buffer, type: UploadMimeType): boolean {
  const whole =
    type === 'image/png' ? isWholePng(content) : type === 'image/jpeg' ? isWholeJpeg(content) : isWholeWebp(content);
  return whole && !containsMarkup(content);
}
