import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CALL_PATHS, callSchemas } from '../../contract/calls';
import { isEnvelope } from '../../contract/envelope';
import { API_PREFIX } from '../../contract/rules';
import {
  TINY_PNG,
  call,
  expectLedgerBalanced,
  fund,
  signUp,
  startTestServer,
  upload,
  type TestServer,
  type TestUser,
} from '../testing/test-support';

/** 2×2 images as Chromium encodes them (with an ICC profile, as phones' screenshots often have). */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeArQK/9k=',
  'base64',
);
const TINY_WEBP = Buffer.from(
  'UklGRh4CAABXRUJQVlA4WAoAAAAgAAAAAQAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggMAAAABACAJ0BKgIAAgABQCYloAJ0ugH4AfgAA8gA/uUK//ucAqQ2f46//owXAcD3hAAAAA==',
  'base64',
);

/** A PNG chunk of `type` with its length and CRC, as a decoder checks them. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  return chunk;
}

/** TINY_PNG with `chunks` put before its end chunk. */
function pngWith(...chunks: Buffer[]): Buffer {
  const iend = TINY_PNG.length - 12;
  return Buffer.concat([TINY_PNG.subarray(0, iend), ...chunks, TINY_PNG.subarray(iend)]);
}

/** A PNG that declares `width` × `height` pixels and carries a few bytes of data (a "bomb"). */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    TINY_PNG.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** TINY_WEBP with a metadata chunk carrying `text`, its RIFF size made to cover it. */
function webpWith(text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const chunk = Buffer.alloc(8 + data.length + (data.length % 2));
  chunk.write('XMP ', 0, 'latin1');
  chunk.writeUInt32LE(data.length, 4);
  data.copy(chunk, 8);
  const webp = Buffer.concat([TINY_WEBP, chunk]);
  webp.writeUInt32LE(webp.length - 8, 4);
  return webp;
}

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

/**
 * The parts of a stored image's container, in order: PNG chunk types, JPEG marker bytes (hex) up
 * to the start of the scan, WebP chunk names. Metadata and comments would show here.
 */
function containerParts(image: Buffer): string[] {
  const parts: string[] = [];
  if (image.subarray(1, 4).toString('latin1') === 'PNG') {
    for (let offset = 8; offset + 8 <= image.length; offset += 12 + image.readUInt32BE(offset)) {
      parts.push(image.toString('latin1', offset + 4, offset + 8));
    }
  } else if (image[0] === 0xff && image[1] === 0xd8) {
    for (let offset = 2; offset + 4 <= image.length && image[offset] === 0xff;) {
      const marker = image[offset + 1] ?? 0;
      parts.push(marker.toString(16));
      if (marker === 0xda) break;
      offset += 2 + image.readUInt16BE(offset + 2);
    }
  } else {
    for (
      let offset = 12;
      offset + 8 <= image.length;
      offset += 8 + image.readUInt32LE(offset + 4) + (image.readUInt32LE(offset + 4) % 2)
    ) {
      parts.push(image.toString('latin1', offset, offset + 4));
    }
  }
  return parts;
}

/** What a re-encoded image may consist of: pixels and what is needed to draw them, nothing else. */
const PIXEL_PARTS = new Set([
  'IHDR',
  'PLTE',
  'pHYs',
  'tRNS',
  'IDAT',
  'IEND',
  'e0',
  'db',
  'c0',
  'c2',
  'c4',
  'dd',
  'da',
  'VP8 ',
  'VP8L',
  'VP8X',
  'ALPH',
]);

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  // The fuzzer sends thousands of requests from one address; the limits have tests of their own.
  server = await startTestServer({ demo: true, limits: { requestsPerMinute: 1_000_000 } });
  user = await signUp(server);
  await fund(server, user, '500.00');
});
afterAll(async () => {
  await server.close();
});

describe('uploads', () => {
  it.each([
    ['a PNG', TINY_PNG],
    ['a JPEG', TINY_JPEG],
    ['a WebP', TINY_WEBP],
  ])('accepts %s', async (_name, content) => {
    expect((await upload(server, user.token, content)).code).toBe(200);
  });

  it.each([
    ['a PNG with an HTML page after its end', Buffer.concat([TINY_PNG, Buffer.from(SCRIPT)])],
    ['a PNG with a script in a text chunk', pngWith(pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')))],
    [
      'a PNG with a script in a compressed text chunk',
      pngWith(pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(SCRIPT)]))),
    ],
    ['a JPEG with a ZIP archive appended', Buffer.concat([TINY_JPEG, Buffer.from(`PK\x03\x04${SCRIPT}`, 'latin1')])],
    ['a WebP with a page in its metadata', webpWith(SCRIPT)],
    [
      'a WebP whose size field does not cover the file',
      Buffer.concat([TINY_WEBP, Buffer.from('<?php system($_GET[0]); ?>')]),
    ],
  ])('keeps only the pixels of %s', async (_name, content) => {
    const reply = await upload(server, user.token, content, { contentType: 'image/png', filename: 'proof.png' });
    if (reply.code === 415) return;
    expect(reply.code).toBe(200);
    const stored = await server.db.get<{ content: Buffer }>('SELECT content FROM uploads WHERE name = ?', [
      reply.data.url.replace('/uploads/', ''),
    ]);
    const image = stored?.content ?? Buffer.alloc(0);
    for (const payload of ['<script', '<html', '<?php', 'PK\x03\x04'])
      expect(image.includes(payload, 0, 'latin1')).toBe(false);
    expect(containerParts(image).filter((part) => !PIXEL_PARTS.has(part))).toEqual([]);
    const metadata = await sharp(image).metadata();
    expect([metadata.width, metadata.exif, metadata.xmp]).toEqual([expect.any(Number), undefined, undefined]);
  });

  it.each([
    ['a 30000×30000 PNG in a small file', pngDeclaring(30_000, 30_000)],
    ['a PNG that declares 2³¹−1 × 1 pixels', pngDeclaring(2 ** 31 - 1, 1)],
    ['a PNG of 40,000,001 pixels', pngDeclaring(40_000_001, 1)],
    ['a PNG that stops before its pixels', TINY_PNG.subarray(0, 33)],
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['compressed noise', deflateSync(Buffer.alloc(2048, 7))],
  ])('refuses %s with 415', async (_name, content) => {
    const reply = await upload(server, user.token, content, { contentType: 'image/png', filename: 'proof.png' });
    expect(reply).toMatchObject({ code: 415, data: { field: 'file' } });
  });

  it('turns a photo upright and drops its EXIF (the place it was taken)', async () => {
    const photo = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#808080' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'someone', ImageDescription: SCRIPT } } })
      .toBuffer();
    const reply = await upload(server, user.token, photo, { contentType: 'image/jpeg', filename: 'photo.jpg' });
    expect(reply.code).toBe(200);
    const stored = await server.db.get<{ content: Buffer }>('SELECT content FROM uploads WHERE name = ?', [
      reply.data.url.replace('/uploads/', ''),
    ]);
    const metadata = await sharp(stored?.content).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 2, 4, undefined]);
    expect(containerParts(stored?.content ?? Buffer.alloc(0)).filter((part) => !PIXEL_PARTS.has(part))).toEqual([]);
  });

  it('allows 30 uploads per hour from one address', async () => {
    const own = await startTestServer();
    try {
      const uploader = await signUp(own);
      for (let index = 0; index < 30; index += 1) expect((await upload(own, uploader.token, TINY_PNG)).code).toBe(200);
      const refused = await upload(own, uploader.token, TINY_PNG);
      expect(refused).toMatchObject({ code: 429, data: { retry_after: expect.any(Number) } });
    } finally {
      await own.close();
    }
  });

  it('refuses a file over 5 MB with 413, whatever it claims to be', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(server, user.token, big)).code).toBe(413);
  });
});

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    int: (max: number) => Math.floor(next() * max),
  };
}

const HOSTILE_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '0x1f',
  '1.005',
  '12345678901.99',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"$gt":""}',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\u0000',
  '\u202e\u0007',
  'a\u0000b@example.com',
  'a\u202eb@example.com',
  'demo\u0000',
  '😀'.repeat(50),
  'ＡＢＣ１２３',
  'x'.repeat(5000),
  'bank',
  'wise',
  'TRC20',
  'USDT',
  'audit',
  'income',
  '/uploads/00000000000000000000000000000000.png',
  'a@b.co',
  'Secret123',
];

/** The field names a call knows, so most cases hit real validation paths, plus some it does not. */
function fieldsOf(path: (typeof CALL_PATHS)[number]): string[] {
  const schema = callSchemas[path] as z.ZodType;
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return [...new Set(schema.options.flatMap((option) => Object.keys((option as z.ZodObject).shape)))];
  }
  return [];
}

function fuzzBody(path: (typeof CALL_PATHS)[number], rng: ReturnType<typeof random>): string {
  const names = [...fieldsOf(path), 'lang', '__proto__', 'constructor', 'page', 'a[b]', 'x'];
  const parts: string[] = [];
  const count = rng.int(names.length + 2);
  for (let index = 0; index < count; index += 1) {
    const name = rng.pick(names);
    const value = rng.pick(HOSTILE_VALUES);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    if (rng.next() < 0.1) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(rng.pick(HOSTILE_VALUES))}`);
  }
  return parts.join('&');
}

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded',
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=zzz',
  'application/xml',
];

describe('fuzzing every call', () => {
  // A fixed amount of work (every call, 60 rounds, on one server) whose time only the machine sets:
  // 2.6–9 s here when quiet, past 15 s beside two busy processes, so the limit only catches a hang.
  it('answers every random, missing, oversized or wrong-typed request with an envelope, never a 500', async () => {
    const rng = random(20_261_122);
    const tokens = [undefined, user.token, 'garbage-token', user.token];
    const seen = new Map<number, number>();
    for (const path of CALL_PATHS) {
      for (let round = 0; round < 60; round += 1) {
        const contentType = rng.pick(CONTENT_TYPES);
        const token = rng.pick(tokens);
        let payload: string | Buffer = fuzzBody(path, rng);
        if (contentType === 'application/json')
          payload = rng.next() < 0.5 ? '{"account":' : JSON.stringify({ amount: [1, 2], lang: {} });
        if (rng.next() < 0.03) payload = 'x='.concat('y'.repeat(80_000));
        const response = await server.app.inject({
          method: 'POST',
          url: `${API_PREFIX}${path}`,
          headers: { 'content-type': contentType, ...(token ? { 'access-token': token } : {}) },
          payload,
        });
        const described = `${path} ${contentType} ${String(payload).slice(0, 120)}`;
        expect(response.statusCode, described).toBe(200);
        const body: unknown = response.json();
        expect(isEnvelope(body), described).toBe(true);
        const envelope = body as { code: number; data: unknown };
        expect(envelope.code, described).not.toBe(500);
        expect(typeof envelope.data === 'object' && envelope.data !== null, described).toBe(true);
        seen.set(envelope.code, (seen.get(envelope.code) ?? 0) + 1);
      }
    }
    // The pass reached more than the front door: refusals of several kinds, and some successes.
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining([-1, 200, 400]));

    // The server still answers. (A fresh customer: the fuzzer may have logged the first one out, or
    // held it after wrong withdrawal passwords, as it should; and it spent this address's codes.)
    const fresh = await signUp(server, { ip: '10.9.9.9' });
    expect(await call(server, 'userinfo/get-money-info', {}, fresh.token)).toEqual({
      balance: '0.00',
      frozen: '0.00',
      wallet: '0.00',
      total: '0.00',
    });
    await expectLedgerBalanced(server);
  }, 120_000);

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'garbage'],
    ['a body cut short', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"'],
  ])('answers an upload with %s as the client’s 400, logged at most as a warning', async (_name, type, payload) => {
    const uploader = await signUp(server, { ip: '10.7.0.2' });
    const errors = vi.spyOn(server.app.log, 'error');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/attach/upload',
      headers: { 'content-type': type, 'access-token': uploader.token },
      // Past the uploads allowance the earlier tests used from the default address.
      remoteAddress: '10.7.0.1',
      payload,
    });
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'file' } });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('answers GETs, odd methods and unknown paths without a 5xx', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/userinfo/get-info'],
      ['PUT', '/api/v1/user/login'],
      ['DELETE', '/api/v1/withdraw/create'],
      ['POST', '/api/v1/../../etc/passwd'],
      ['POST', '/api/v2/user/login'],
      ['GET', '/uploads/%00'],
      ['GET', '/%2e%2e/server/main.ts'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
