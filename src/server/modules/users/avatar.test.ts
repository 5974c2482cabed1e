import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { SESSION_COOKIE } from '../auth/session-service.js';
import { IMAGE_WORK_LIMITS, imageWork } from '../../lib/uploads.js';

const AVATAR_URL = /^\/api\/avatars\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/;

/** A photo as a phone takes it: large, with EXIF (camera, GPS-like comment) that must not survive. */
async function photo(width = 1600, height = 1200, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).withMetadata({
    exif: { IFD0: { Make: 'PhoneCo', Model: 'Lagos 9', ImageDescription: 'Home at 6.5244N 3.3792E' } },
  });
  return base[format]().toBuffer();
}

/** A real PNG whose header claims 50 000 × 50 000 pixels (checksum fixed): a decompression bomb in under 1 KB. */
async function decompressionBomb(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer());
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** multipart/form-data as a browser sends a file input (the file name and type are the client's claims). */
function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer | string }[]) {
  const boundary = `----lanefreight${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('profile picture: POST/DELETE /api/user-profile/avatar, GET /api/avatars/…', () => {
  let t: TestApp;
  let uploadsDir: string;
  let origin: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'lf-avatar-test-'));
    t = await createTestApp({ UPLOADS_DIR: uploadsDir });
    origin = new URL(t.env.PUBLIC_URL).origin;
  });
  afterAll(async () => {
    await t?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  /** Every stored avatar file, as paths under the uploads directory. */
  async function storedFiles(): Promise<string[]> {
    const root = path.join(uploadsDir, 'avatars');
    const months = await readdir(root).catch(() => [] as string[]);
    const files = await Promise.all(months.map(async (month) => (await readdir(path.join(root, month))).map((f) => `${month}/${f}`)));
    return files.flat().sort();
  }

  /** A signed-in person using the web app: cookie session, requests from our own origin. */
  async function person() {
    const signedIn = await createSignedInUser(t.deps);
    return { ...signedIn, browser: { cookie: `${SESSION_COOKIE}=${signedIn.token}`, origin } };
  }

  const upload = (headers: Record<string, string>, file: Buffer | string, filename = 'me.jpg', type = 'image/jpeg') => {
    const form = multipart([{ field: 'file', filename, type, content: file }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/user-profile/avatar',
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.payload,
    });
  };
  const profileOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/user-profile', headers })).json().data;
  const fetchAvatar = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('re-encodes an upload (WebP, within 512 px, no metadata), stores it and serves it to signed-in people', async () => {
    const { user, browser, headers } = await person();
    const res = await upload(browser, await photo());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Your profile picture has been updated.', data: { id: user.id, email: user.email } });
    expect(body.data.profileImage).toMatch(AVATAR_URL);
    // The same shape as GET /api/user-profile.
    expect(body.data).toEqual(await profileOf(headers));

    const image = await fetchAvatar(body.data.profileImage, headers);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(image.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(stored.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);

    // Anyone signed in sees it (it appears next to the name); nobody signed out does.
    const other = await createSignedInUser(t.deps);
    expect((await fetchAvatar(body.data.profileImage, other.headers)).statusCode).toBe(200);
    expect((await fetchAvatar(body.data.profileImage, {})).statusCode).toBe(401);
  });

  it('a new picture replaces the old one, whose file and address are gone; PNG and WebP are accepted too', async () => {
    const { browser, headers } = await person();
    const first = (await upload(browser, await photo(300, 300, 'png'), 'a.png', 'image/png')).json().data.profileImage as string;
    const before = await storedFiles();
    const second = await upload(browser, await photo(800, 1000, 'webp'), 'b.webp', 'image/webp');
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().data.profileImage as string;
    expect(secondUrl).toMatch(AVATAR_URL);
    expect(secondUrl).not.toBe(first);
    expect((await fetchAvatar(first, headers)).statusCode).toBe(404);
    expect(await sharp((await fetchAvatar(secondUrl, headers)).rawPayload).metadata()).toMatchObject({ width: 410, height: 512 });
    const after = await storedFiles();
    expect(after).not.toContain(first.replace('/api/avatars/', ''));
    expect(after).toContain(secondUrl.replace('/api/avatars/', ''));
    expect(after.length).toBe(before.length);
  });

  it('refuses what is not a picture, too big, a bomb, or no file at all: a 4xx naming it, nothing stored, old picture kept', async () => {
    const { browser, headers } = await person();
    const original = (await upload(browser, await photo(600, 600))).json().data.profileImage as string;
    const files = await storedFiles();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const threeMegabytes = Buffer.concat([await photo(64, 64), randomBytes(3 * 1024 * 1024)]);

    const cases: [string, () => ReturnType<typeof upload>, number, string, Record<string, unknown>?][] = [
      ['a text file renamed .png', () => upload(browser, 'I am just text, honestly a photo', 'photo.png', 'image/png'), 415, 'FILE_TYPE_NOT_ALLOWED', { allowedTypes: 'JPG, PNG, WEBP' }],
      ['a PDF', () => upload(browser, pdf, 'cv.pdf', 'application/pdf'), 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['an SVG', () => upload(browser, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml'), 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['a 3 MB image', () => upload(browser, threeMegabytes), 413, 'FILE_TOO_LARGE', { maxMegabytes: 2 }],
      ['a decompression bomb', async () => upload(browser, await decompressionBomb(), 'bomb.png', 'image/png'), 422, 'IMAGE_TOO_MANY_PIXELS', { maxMegapixels: 16 }],
      ['a 6000×6000 PNG (36 MP, small on the wire)', async () => upload(browser, await photo(6000, 6000, 'png'), 'big.png', 'image/png'), 422, 'IMAGE_TOO_MANY_PIXELS', { maxMegapixels: 16 }],
      ['a broken JPEG', async () => upload(browser, (await photo(400, 400)).subarray(0, 600)), 422, 'IMAGE_UNREADABLE'],
      ['an empty file', () => upload(browser, Buffer.alloc(0)), 415, 'FILE_TYPE_NOT_ALLOWED'],
      [
        'a form without a file',
        () => {
          const form = multipart([{ field: 'name', content: 'Ada' }]);
          return t.app.inject({ method: 'POST', url: '/api/user-profile/avatar', headers: { ...browser, 'content-type': form.contentType }, payload: form.payload });
        },
        400,
        'FILE_REQUIRED',
      ],
      [
        'a file in another field',
        async () => {
          const form = multipart([{ field: 'picture', filename: 'me.jpg', type: 'image/jpeg', content: await photo(100, 100) }]);
          return t.app.inject({ method: 'POST', url: '/api/user-profile/avatar', headers: { ...browser, 'content-type': form.contentType }, payload: form.payload });
        },
        400,
        'FILE_REQUIRED',
      ],
      [
        'JSON instead of a form',
        () => t.app.inject({ method: 'POST', url: '/api/user-profile/avatar', headers: browser, payload: { file: 'https://evil.example/x.png' } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a cut-off form',
        async () => {
          const form = multipart([{ field: 'file', filename: 'me.jpg', type: 'image/jpeg', content: await photo(100, 100) }]);
          return t.app.inject({ method: 'POST', url: '/api/user-profile/avatar', headers: { ...browser, 'content-type': form.contentType }, payload: form.payload.subarray(0, 300) });
        },
        400,
        'BAD_REQUEST',
      ],
    ];
    for (const [label, send, status, code, params] of cases) {
      const res = await send();
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toMatchObject({ success: false, code, ...(params ? { params } : {}) });
      expect(res.json().message, label).not.toBe('');
    }
    expect(await storedFiles()).toEqual(files);
    expect((await profileOf(headers)).profileImage).toBe(original);
    expect((await fetchAvatar(original, headers)).statusCode).toBe(200);
  });

  it('while every image-work slot and queue place is taken, an upload gets 503 SERVICE_UNAVAILABLE with Retry-After; then it goes through', async () => {
    const { browser, headers } = await person();
    const files = await storedFiles();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = Array.from({ length: IMAGE_WORK_LIMITS.concurrency + IMAGE_WORK_LIMITS.queueLimit }, () => imageWork.run(() => held));
    try {
      expect([imageWork.running, imageWork.waiting]).toEqual([IMAGE_WORK_LIMITS.concurrency, IMAGE_WORK_LIMITS.queueLimit]);
      const refused = await upload(browser, await photo(200, 200));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(IMAGE_WORK_LIMITS.retryAfterSeconds));
      expect(refused.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(await storedFiles()).toEqual(files);
      // The rest of the server is not held up: reads answer meanwhile.
      expect((await t.app.inject({ method: 'GET', url: '/api/user-profile', headers })).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(busy);
    }
    const accepted = await upload(browser, await photo(200, 200));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.profileImage).toMatch(AVATAR_URL);
  });

  it('a cookie upload from another site is refused before anything is read; a bearer token needs no Origin', async () => {
    const { browser, headers } = await person();
    const files = await storedFiles();
    const res = await upload({ ...browser, origin: 'https://evil.example' }, await photo(200, 200));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
    expect(await storedFiles()).toEqual(files);
    expect((await profileOf(headers)).profileImage).toBeNull();
    expect((await upload({}, await photo(200, 200))).statusCode).toBe(401);

    const viaToken = await upload(headers, await photo(200, 200));
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json().data.profileImage).toMatch(AVATAR_URL);
  });

  it('DELETE removes the picture and its file; removing none is fine', async () => {
    const { browser, headers } = await person();
    const url = (await upload(browser, await photo(200, 200))).json().data.profileImage as string;
    // As the web client sends every change: JSON, here an empty object.
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/user-profile/avatar', headers: browser, payload: {} });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, message: 'Your profile picture has been removed.', data: { profileImage: null } });
    expect((await fetchAvatar(url, headers)).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(url.replace('/api/avatars/', ''));
    const again = await t.app.inject({ method: 'DELETE', url: '/api/user-profile/avatar', headers });
    expect(again.json().data.profileImage).toBeNull();
  });

  it('the profile update takes only null for the picture (and deletes the file), never an address', async () => {
    const { browser, headers } = await person();
    const url = (await upload(browser, await photo(200, 200))).json().data.profileImage as string;
    const update = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/update/user-profile', headers: browser, payload: payload as object });
    for (const profileImage of ['https://evil.example/track.png', '/api/avatars/2026-01/00000000000000000000000000000000.webp', url, '', 1]) {
      const res = await update({ profileImage });
      expect(res.statusCode, String(profileImage)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await profileOf(headers)).profileImage).toBe(url);
    const removed = await update({ profileImage: null, name: 'Ngozi' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ profileImage: null, name: 'Ngozi' });
    expect((await fetchAvatar(url, headers)).statusCode).toBe(404);
  });

  it('GET /api/avatars answers 404 for unknown, malformed or other-namespace addresses', async () => {
    const { headers } = await createSignedInUser(t.deps);
    for (const url of [
      `/api/avatars/2026-01/${randomBytes(16).toString('hex')}.webp`,
      '/api/avatars/2026-01/not-a-key.webp',
      `/api/avatars/2026-01/${randomBytes(16).toString('hex')}.pdf`,
      '/api/avatars/..%2F..%2Fetc/passwd',
      '/api/avatars/2026-01/..%2F..%2F..%2Fetc%2Fpasswd',
      `/api/avatars/..%2Fpartner-documents%2F2026-01/${randomBytes(16).toString('hex')}.pdf`,
    ]) {
      const res = await fetchAvatar(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });
});
