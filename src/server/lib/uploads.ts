import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { AVATAR_MAX_BYTES, PROOF_PHOTO_MAX_BYTES } from '../../shared/upload-limits.js';
import { AppError } from './app-error.js';
import { createConcurrencyLimiter, type ConcurrencyLimiter } from './concurrency-limiter.js';

/**
 * Checks on uploaded files: the type is read from the content (magic bytes), never from the file name or the
 * declared content type; sizes are capped while reading; avatars are re-encoded. docs/decisions/024.
 */

export type FileKind = 'jpeg' | 'png' | 'webp' | 'pdf';

export const FILE_KINDS: Record<FileKind, { mime: string; extension: 'jpg' | 'png' | 'webp' | 'pdf' }> = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
  pdf: { mime: 'application/pdf', extension: 'pdf' },
};

export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp'];
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', 'jpeg', 'png', 'webp'];

export const UPLOAD_LIMITS = {
  avatarBytes: AVATAR_MAX_BYTES,
  documentBytes: PROOF_PHOTO_MAX_BYTES,
} as const;

/**
 * How a stored document is sent: as a download (never shown in a tab of our origin), named after the applicant's
 * file but with the extension of what it really is. `filename` is a plain ASCII fallback, `filename*` the name as
 * typed (RFC 6266); quotes, slashes and control characters are never in either.
 */
export function attachmentDisposition(originalName: string, mime: string): string {
  const extension = Object.values(FILE_KINDS).find((kind) => kind.mime === mime)?.extension ?? 'bin';
  const base = originalName
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 100)
    // A surrogate cut in half (or sent alone) cannot be percent-encoded.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
  const ascii =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '_')
      .replace(/^[ ._]+|[ ._]+$/g, '') || 'document';
  const encoded = encodeURIComponent(`${base || ascii}.${extension}`).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
}

/** Enough bytes to recognise every kind above. */
export const SNIFF_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The kind of file these first bytes begin, or null when it is none we accept. */
export function sniffFileKind(head: Buffer): FileKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return null;
}

function typeNotAllowed(allowed: readonly FileKind[]): AppError {
  const allowedTypes = allowed.map((kind) => FILE_KINDS[kind].extension.toUpperCase()).join(', ');
  return new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowedTypes } });
}

function tooLarge(maxBytes: number): AppError {
  const maxMegabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new AppError('FILE_TOO_LARGE', { params: { maxBytes, maxMegabytes } });
}

export interface CheckedFile {
  kind: FileKind;
  mime: string;
  extension: 'jpg' | 'png' | 'webp' | 'pdf';
  bytes: Buffer;
}

/** Throws FILE_TOO_LARGE or FILE_TYPE_NOT_ALLOWED (with params) unless `bytes` is an accepted kind within the limit. */
export function checkFile(bytes: Buffer, rules: { allowed: readonly FileKind[]; maxBytes: number }): CheckedFile {
  if (bytes.length > rules.maxBytes) throw tooLarge(rules.maxBytes);
  const kind = sniffFileKind(bytes.subarray(0, SNIFF_BYTES));
  if (!kind || !rules.allowed.includes(kind)) throw typeNotAllowed(rules.allowed);
  return { kind, ...FILE_KINDS[kind], bytes };
}

/**
 * Reads an upload stream (a multipart file part) into memory, stopping with FILE_TOO_LARGE as soon as it passes
 * `maxBytes`, so a large body is never held whole. The stream is drained and destroyed on failure.
 */
export async function readUpload(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(buffer);
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return Buffer.concat(chunks, size);
}

export const AVATAR_SIZE = 512;
/**
 * A 2 MB file can claim billions of pixels (a decompression bomb), and a 115 KB PNG 36 million (108 MB decoded);
 * libvips refuses to decode more than this. 4096×4096 (16.7 megapixels) takes a 12-megapixel phone photo whole,
 * and a picture shown at 512×512 needs no more (docs/decisions/045).
 */
export const AVATAR_MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * Image decoding is the heaviest work the server does for one request (memory, and a thread of libuv's pool of 4
 * that file and DNS work share): at most 2 run at once in the process, 8 more wait, and the rest get 503
 * SERVICE_UNAVAILABLE with Retry-After, so a burst of uploads slows uploads down and nothing else.
 */
export const IMAGE_WORK_LIMITS = { concurrency: 2, queueLimit: 8, retryAfterSeconds: 2 } as const;

export function createImageWorkLimiter(
  limits: { concurrency: number; queueLimit: number; retryAfterSeconds: number } = IMAGE_WORK_LIMITS,
): ConcurrencyLimiter {
  return createConcurrencyLimiter({
    concurrency: limits.concurrency,
    queueLimit: limits.queueLimit,
    whenFull: () => new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: limits.retryAfterSeconds }),
  });
}

// libvips keeps up to 50 MB of recent operations for reuse, but an avatar is decoded once: nothing is reused.
// One libvips thread per image, whatever the build's default (cores, or 1 on glibc): the limiter then
// bounds the threads as well. bench/uploads.ts measured both within noise of the defaults (docs/decisions/045).
sharp.cache(false);
sharp.concurrency(1);

/** The process's one limiter: the threads and the memory it guards are the process's, whatever app uses them. */
export const imageWork: ConcurrencyLimiter = createImageWorkLimiter();

export interface ReencodedImage {
  bytes: Buffer;
  mime: 'image/webp' | 'image/jpeg';
  extension: 'webp' | 'jpg';
  width: number;
  height: number;
}

/**
 * An avatar as the server will store it: checked (JPEG, PNG or WebP by content, at most 2 MB by default, at most
 * 4096×4096 pixels by its header), turned upright by its EXIF orientation, fitted within 512×512 and re-encoded
 * without any metadata (EXIF, GPS, ICC, XMP). The decoding waits its turn in `limiter` (the process's by default).
 */
export async function reencodeAvatar(
  input: Buffer,
  options: { format?: 'webp' | 'jpeg'; maxBytes?: number; maxInputPixels?: number; limiter?: ConcurrencyLimiter } = {},
): Promise<ReencodedImage> {
  checkFile(input, { allowed: IMAGE_KINDS, maxBytes: options.maxBytes ?? UPLOAD_LIMITS.avatarBytes });
  const format = options.format ?? 'webp';
  const maxInputPixels = options.maxInputPixels ?? AVATAR_MAX_INPUT_PIXELS;
  const limiter = options.limiter ?? imageWork;
  let pipeline: Sharp;
  try {
    // Read the header first: refusing a bomb should not need to decode it.
    pipeline = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', sequentialRead: true });
    const { width = 0, height = 0 } = await pipeline.metadata();
    if (width * height > maxInputPixels) throw pixelLimit(maxInputPixels);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw pixelLimit(maxInputPixels);
    throw unreadable();
  }
  pipeline = pipeline.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true });
  pipeline = format === 'webp' ? pipeline.webp({ quality: 82 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
  const encode = pipeline;
  // Past a full queue this throws SERVICE_UNAVAILABLE, which is no decoding error: it goes out as it is.
  const { data, info } = await limiter.run(async () => {
    try {
      return await encode.toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw pixelLimit(maxInputPixels);
      throw unreadable();
    }
  });
  return format === 'webp'
    ? { bytes: data, mime: 'image/webp', extension: 'webp', width: info.width, height: info.height }
    : { bytes: data, mime: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
}

function pixelLimit(maxInputPixels: number): AppError {
  const maxMegapixels = Math.floor(maxInputPixels / 1_000_000);
  return new AppError('IMAGE_TOO_MANY_PIXELS', { params: { maxMegapixels } });
}

function unreadable(): AppError {
  return new AppError('IMAGE_UNREADABLE');
}
