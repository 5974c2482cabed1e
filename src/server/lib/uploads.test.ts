import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { AppError } from './app-error.js';
import { createConcurrencyLimiter } from './concurrency-limiter.js';
import {
  attachmentDisposition,
  AVATAR_MAX_INPUT_PIXELS,
  checkFile,
  createImageWorkLimiter,
  DOCUMENT_KINDS,
  IMAGE_WORK_LIMITS,
  IMAGE_KINDS,
  readUpload,
  reencodeAvatar,
  sniffFileKind,
  UPLOAD_LIMITS,
} from './uploads.js';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } });
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A limiter that only counts the tasks it runs: how many decodes were started. */
function countingLimiter() {
  const inner = createConcurrencyLimiter({ concurrency: 1, queueLimit: 10, whenFull: () => new Error('full') });
  let count = 0;
  return {
    limiter: {
      ...inner,
      run<T>(task: () => Promise<T>) {
        count += 1;
        return inner.run(task);
      },
    },
    count: () => count,
  };
}

function errorOf(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
async function asyncErrorOf(action: () => Promise<unknown>): Promise<AppError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

/** A real PNG whose header then claims other dimensions (with a correct checksum): a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await image(8, 8).png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ... CRC over type + data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('sniffing the type by content', () => {
  it('recognises JPEG, PNG, WebP and PDF by their first bytes', async () => {
    expect(sniffFileKind(await image(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFileKind(await image(4, 4).png().toBuffer())).toBe('png');
    expect(sniffFileKind(await image(4, 4).webp().toBuffer())).toBe('webp');
    expect(sniffFileKind(PDF)).toBe('pdf');
  });

  it('recognises nothing else: text "renamed .png", SVG, GIF, HTML, empty, a RIFF that is not WebP', async () => {
    expect(sniffFileKind(Buffer.from('I am a text file called photo.png'))).toBeNull();
    expect(sniffFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileKind(await image(4, 4).gif().toBuffer())).toBeNull();
    expect(sniffFileKind(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileKind(Buffer.alloc(0))).toBeNull();
    expect(sniffFileKind(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
  });
});

describe('checking a file', () => {
  it('accepts a PDF as a document and refuses it as an image, naming the accepted types', () => {
    expect(checkFile(PDF, { allowed: DOCUMENT_KINDS, maxBytes: UPLOAD_LIMITS.documentBytes })).toMatchObject({
      kind: 'pdf',
      mime: 'application/pdf',
      extension: 'pdf',
    });
    const error = errorOf(() => checkFile(PDF, { allowed: IMAGE_KINDS, maxBytes: UPLOAD_LIMITS.avatarBytes }));
    expect(error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(error.statusCode).toBe(415);
    expect(error.options.params).toEqual({ allowedTypes: 'JPG, PNG, WEBP' });
  });

  it('refuses a text file whatever it is called', () => {
    const error = errorOf(() =>
      checkFile(Buffer.from('just text, named avatar.png'), { allowed: IMAGE_KINDS, maxBytes: 1024 }),
    );
    expect(error.code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses a file over the limit with the limit as parameters (2 MB avatars, 10 MB documents)', () => {
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMITS.documentBytes)]);
    const error = errorOf(() => checkFile(big, { allowed: DOCUMENT_KINDS, maxBytes: UPLOAD_LIMITS.documentBytes }));
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.statusCode).toBe(413);
    expect(error.options.params).toEqual({ maxBytes: 10 * 1024 * 1024, maxMegabytes: 10 });
    const exactly = Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMITS.avatarBytes - PDF.length)]);
    expect(checkFile(exactly, { allowed: DOCUMENT_KINDS, maxBytes: UPLOAD_LIMITS.avatarBytes }).kind).toBe('pdf');
  });

  it('reads a stream up to the limit and stops as soon as it is passed', async () => {
    expect(await readUpload(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4)).toEqual(Buffer.from('abcd'));
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    const error = await asyncErrorOf(() => readUpload(endless, UPLOAD_LIMITS.avatarBytes));
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.options.params).toMatchObject({ maxMegabytes: 2 });
    expect(pulled).toBeLessThan(40);
    expect(endless.destroyed).toBe(true);
  });
});

describe('re-encoding an avatar', () => {
  it('fits a large photo within 512×512 and writes WebP by default, JPEG on request', async () => {
    const photo = await image(1600, 900).jpeg().toBuffer();
    const webp = await reencodeAvatar(photo);
    expect(webp).toMatchObject({ mime: 'image/webp', extension: 'webp', width: 512, height: 288 });
    expect(sniffFileKind(webp.bytes)).toBe('webp');
    expect((await sharp(webp.bytes).metadata()).width).toBe(512);

    const jpeg = await reencodeAvatar(await image(300, 700).png().toBuffer(), { format: 'jpeg' });
    expect(jpeg).toMatchObject({ mime: 'image/jpeg', extension: 'jpg', width: 219, height: 512 });
    expect(sniffFileKind(jpeg.bytes)).toBe('jpeg');
  });

  it('does not enlarge a small picture', async () => {
    const small = await reencodeAvatar(await image(120, 80).webp().toBuffer());
    expect([small.width, small.height]).toEqual([120, 80]);
  });

  it('strips EXIF and GPS metadata, and turns the picture upright by its orientation first', async () => {
    const withExif = await image(600, 300)
      .jpeg()
      .withExif({
        IFD0: { Make: 'TECNO', Model: 'CAMON 20', Copyright: 'Adaeze Okafor' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.toString('latin1')).toContain('TECNO');
    expect(before.orientation).toBe(6);

    for (const format of ['webp', 'jpeg'] as const) {
      const out = await reencodeAvatar(withExif, { format });
      const after = await sharp(out.bytes).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(out.bytes.toString('latin1')).not.toContain('TECNO');
      expect(out.bytes.toString('latin1')).not.toContain('Adaeze');
      // Orientation 6 means "rotate 90° clockwise to view": the 600×300 landscape is a portrait once upright.
      expect([out.width, out.height]).toEqual([256, 512]);
    }
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = Date.now();
    const error = await asyncErrorOf(() => reencodeAvatar(bomb));
    expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(error.statusCode).toBe(422);
    expect(error.options.params).toEqual({ maxMegapixels: 16 });
    expect(Date.now() - started).toBeLessThan(2000);
    // The limit is a parameter.
    const limited = await asyncErrorOf(async () => reencodeAvatar(await image(100, 100).png().toBuffer(), { maxInputPixels: 5000 }));
    expect(limited.code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('refuses a real 6000×6000 PNG (36 MP in about 115 KB) from its header: its pixels never reach the decoder', async () => {
    const large = await image(6000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(large.length).toBeLessThan(UPLOAD_LIMITS.avatarBytes);
    const decodes = countingLimiter();
    const error = await asyncErrorOf(() => reencodeAvatar(large, { limiter: decodes.limiter }));
    expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(error.options.params).toEqual({ maxMegapixels: 16 });
    expect(AVATAR_MAX_INPUT_PIXELS).toBe(4096 * 4096);
    expect(decodes.count()).toBe(0);

    // The largest picture within the limit is decoded, once, through the limiter.
    const largest = await image(4096, 4096).png().toBuffer();
    const out = await reencodeAvatar(largest, { limiter: decodes.limiter });
    expect([out.width, out.height]).toEqual([512, 512]);
    expect(decodes.count()).toBe(1);
  });

  it('decodes through the image-work limiter: with its slots and queue taken, an upload gets 503 with Retry-After', async () => {
    const limiter = createImageWorkLimiter({ concurrency: 1, queueLimit: 1, retryAfterSeconds: 3 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = [limiter.run(() => held), limiter.run(() => held)];
    expect([limiter.running, limiter.waiting]).toEqual([1, 1]);
    const error = await asyncErrorOf(async () => reencodeAvatar(await image(64, 64).png().toBuffer(), { limiter }));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.statusCode).toBe(503);
    expect(error.options.retryAfterSeconds).toBe(3);
    // A bomb is still named as such: the header is read before the decode waits for a turn.
    expect((await asyncErrorOf(async () => reencodeAvatar(await pngClaiming(50_000, 50_000), { limiter }))).code).toBe(
      'IMAGE_TOO_MANY_PIXELS',
    );
    release();
    await Promise.all(busy);
    expect((await reencodeAvatar(await image(64, 64).png().toBuffer(), { limiter })).width).toBe(64);
    // The process's own limiter: two decodes at once, eight waiting.
    expect(IMAGE_WORK_LIMITS).toMatchObject({ concurrency: 2, queueLimit: 8 });
  });

  it('refuses what is not an image, a truncated image, and one over 2 MB', async () => {
    expect((await asyncErrorOf(() => reencodeAvatar(PDF))).code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await asyncErrorOf(() => reencodeAvatar(Buffer.from('text renamed .jpg')))).code).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
    const png = await image(64, 64).png().toBuffer();
    const truncated = Buffer.concat([png.subarray(0, 40), Buffer.from('garbage that is not a PNG stream')]);
    expect((await asyncErrorOf(() => reencodeAvatar(truncated))).code).toBe('IMAGE_UNREADABLE');
    const noisy = await sharp(randomBytes(1200 * 1200 * 3), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(UPLOAD_LIMITS.avatarBytes);
    const error = await asyncErrorOf(() => reencodeAvatar(noisy));
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.options.params).toMatchObject({ maxMegabytes: 2 });
  });
});

describe('sending a stored document as a download', () => {
  it('names it after the applicant’s file, with the extension of what it is, safe in both forms', () => {
    expect(attachmentDisposition('Proof of address.PDF', 'application/pdf')).toBe(
      `attachment; filename="Proof of address.pdf"; filename*=UTF-8''Proof%20of%20address.pdf`,
    );
    // The claimed extension is replaced by the real one.
    expect(attachmentDisposition('invoice.html', 'application/pdf')).toMatch(/^attachment; filename="invoice\.pdf";/);
    expect(attachmentDisposition('photo.exe', 'image/jpeg')).toMatch(/^attachment; filename="photo\.jpg";/);
    // Quotes, slashes, control characters and header breaks never reach the header.
    const hostile = attachmentDisposition('a"; filename="evil.html\r\nSet-Cookie: x=1/..\\b.pdf', 'application/pdf');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile.match(/"/g)).toHaveLength(2);
    expect(hostile).toMatch(/^attachment; filename="[A-Za-z0-9 ._-]+\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    // Names in Yoruba keep their letters in filename*, and fall back to plain ones.
    expect(attachmentDisposition('Ìwé-ẹ̀rí ilé.pdf', 'application/pdf')).toBe(
      `attachment; filename="Iwe-eri ile.pdf"; filename*=UTF-8''${encodeURIComponent('Ìwé-ẹ̀rí ilé.pdf')}`,
    );
    expect(attachmentDisposition('', 'image/png')).toBe(`attachment; filename="document.png"; filename*=UTF-8''document.png`);
    expect(attachmentDisposition('\uD800broken', 'image/png')).toMatch(/filename\*=UTF-8''broken\.png$/);
  });
});
