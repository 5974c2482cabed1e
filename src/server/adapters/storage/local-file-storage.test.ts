import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createStorageKey, InvalidStorageKeyError, isStorageKey } from './file-storage.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { createFileStorage, uploadsDirectory } from './index.js';
import { loadEnv } from '../../config/env.js';

let dataDir: string;
let root: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lf-storage-test-'));
  root = path.join(dataDir, 'uploads');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('storage keys', () => {
  it('are made by the server: namespace, month, 128 random bits, extension', () => {
    const key = createStorageKey('avatars', 'webp', new Date('2026-03-05T10:00:00Z'));
    expect(key).toMatch(/^avatars\/2026-03\/[0-9a-f]{32}\.webp$/);
    expect(isStorageKey(key)).toBe(true);
    expect(createStorageKey('avatars', 'webp')).not.toBe(createStorageKey('avatars', 'webp'));
  });

  it('refuse anything a client could use to reach another file', () => {
    const good = createStorageKey('partner-documents', 'pdf');
    for (const bad of [
      '../etc/passwd',
      `avatars/2026-03/../../${good}`,
      `/${good}`,
      `${good}/`,
      good.replace('/', '\\'),
      good.replace('partner-documents', 'secrets'),
      `${good}\0.png`,
      good.replace('.pdf', '.exe'),
      'avatars/2026-03/ABCDEF.png',
      '',
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('local file storage', () => {
  it('puts, reports, streams and deletes a file; directories 0700, files 0600', async () => {
    const storage = createLocalFileStorage(root);
    const key = createStorageKey('avatars', 'png');
    const put = await storage.put(key, Buffer.from('hello image'));
    expect(put).toEqual({ key, sizeBytes: 11 });
    expect(await storage.exists(key)).toBe(true);

    const file = path.join(root, ...key.split('/'));
    expect(await readFile(file, 'utf8')).toBe('hello image');
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(path.dirname(file))).toBe(0o700);
    expect(await modeOf(path.join(root, 'avatars'))).toBe(0o700);
    expect(await modeOf(root)).toBe(0o700);

    const got = await storage.get(key);
    expect(got!.sizeBytes).toBe(11);
    expect(await text(got!.stream)).toBe('hello image');

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // twice is fine
    // No temporary files are left behind.
    expect(await readdir(path.dirname(file))).toEqual([]);
  });

  it('takes a stream and never overwrites an existing key', async () => {
    const storage = createLocalFileStorage(root);
    const key = createStorageKey('partner-documents', 'pdf');
    await storage.put(key, Readable.from([Buffer.from('%PDF-1.7\n'), Buffer.from('rest')]));
    await expect(storage.put(key, Buffer.from('other'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await text((await storage.get(key))!.stream)).toBe('%PDF-1.7\nrest');
    expect(await readdir(path.dirname(path.join(root, ...key.split('/'))))).toHaveLength(1);
  });

  it('a failing source stream leaves nothing behind', async () => {
    const storage = createLocalFileStorage(root);
    const key = createStorageKey('avatars', 'jpg');
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow('client went away');
    expect(await storage.exists(key)).toBe(false);
    expect(await readdir(path.dirname(path.join(root, ...key.split('/'))))).toEqual([]);
  });

  it('refuses traversal keys on every operation, so a file outside the root cannot be read or removed', async () => {
    const storage = createLocalFileStorage(root);
    const outside = path.join(dataDir, 'secret.txt');
    await writeFile(outside, 'secret');
    const traversal = '../secret.txt';
    await expect(storage.get(traversal)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(traversal)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(traversal)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.put(traversal, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(`avatars/2026-01/../../../secret.txt`)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await readFile(outside, 'utf8')).toBe('secret');
  });
});

describe('choosing the driver from configuration', () => {
  it('local under DATA_DIR/uploads by default, UPLOADS_DIR when set, a temporary directory for memory://', async () => {
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env.STORAGE_DRIVER).toBe('local');
    expect(uploadsDirectory(env)).toBe(path.join(dataDir, 'uploads'));
    expect(uploadsDirectory(loadEnv({ DATA_DIR: dataDir, UPLOADS_DIR: '/srv/files' }))).toBe('/srv/files');
    const temporary = uploadsDirectory(loadEnv({ DATA_DIR: 'memory://' }));
    expect(temporary.startsWith(os.tmpdir())).toBe(true);
    await rm(temporary, { recursive: true, force: true });

    const storage = createFileStorage(env);
    const key = createStorageKey('delivery-proofs', 'webp');
    await storage.put(key, Buffer.from('proof'));
    expect(await readFile(path.join(dataDir, 'uploads', ...key.split('/')), 'utf8')).toBe('proof');
  });

  it('an unknown driver is a configuration error naming the variable', () => {
    expect(() => loadEnv({ STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_DRIVER/);
  });
});
