import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A 1×1 PNG: a valid proof or avatar for tests and benches. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A 4×1 PNG of random pixels: a picture no other call returns, for every transfer proof a test
 * submits (the server refuses one picture as the proof of two recharges).
 */
export async function uniquePng(): Promise<Buffer<ArrayBuffer>> {
  return Buffer.from(
    await sharp(randomBytes(12), { raw: { width: 4, height: 1, channels: 3 } })
      .png()
      .toBuffer(),
  );
}
