/**
 * Uploaded images are decoded and written out again by libvips (sharp), so that only their pixels
 * are kept: no metadata (EXIF with its location, comments, text chunks), nothing appended after
 * the image's end, nothing a browser or another program could read as a page, a script or an
 * archive. A hand-written list of "bad" byte patterns cannot promise that; re-encoding can.
 */
import sharp from 'sharp';
import type { UploadMimeType } from '../../contract/rules';

/** More pixels than any transfer screenshot or phone photo needs (a 12 MP photo is 12,000,000). */
export const MAX_UPLOAD_PIXELS = 40_000_000;

// One image at a time per call and no cache of decoded images: uploads are rare, memory is not free.
sharp.cache(false);
sharp.concurrency(1);

const SHARP_FORMAT: Record<UploadMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/**
 * The image written out again from its pixels alone, in its own format, upright (the EXIF
 * orientation is applied before the EXIF goes); undefined when the bytes are not one decodable
 * image of `type` within MAX_UPLOAD_PIXELS. Only the header is read before the pixel count is
 * checked, so a small file that declares a huge image (a "bomb") is never decoded.
 */
export async function rewriteImage(content: Buffer, type: UploadMimeType): Promise<Buffer | undefined> {
  try {
    const image = sharp(content, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' });
    const { format, width, height } = await image.metadata();
    if (format !== SHARP_FORMAT[type] || !width || !height || width * height > MAX_UPLOAD_PIXELS) return undefined;
    const upright = image.rotate();
    switch (type) {
      case 'image/png':
        return await upright.png().toBuffer();
      case 'image/jpeg':
        return await upright.jpeg({ quality: 90 }).toBuffer();
      case 'image/webp':
        return await upright.webp({ quality: 90 }).toBuffer();
    }
  } catch {
    // libvips refused the bytes: truncated, corrupt, or over the pixel bound.
    return undefined;
  }
}
