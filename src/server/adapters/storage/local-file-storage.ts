import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, link, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, isStorageKey, type FileStorage } from './file-storage.js';

const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Files on local disk under `root` (DATA_DIR/uploads by default): directories 0700, files 0600, written to a
 * temporary name and linked into place (which, unlike rename, refuses an existing name) so a reader never sees
 * half a file and nothing is overwritten.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(base, ...key.split('/'));
    // The key pattern already rules out '..' and absolute paths; this is the second lock on the same door.
    if (!full.startsWith(base + path.sep)) throw new Error('storage key escapes the storage root');
    return full;
  }

  async function ensureDirectory(directory: string) {
    await mkdir(directory, { recursive: true, mode: DIRECTORY_MODE });
    // mkdir's mode is filtered by the umask, and `recursive` leaves existing directories as they were.
    for (let dir = directory; dir.startsWith(base); dir = path.dirname(dir)) {
      await chmod(dir, DIRECTORY_MODE);
      if (dir === base) break;
    }
  }

  return {
    driver: 'local',

    async put(key, body) {
      const target = pathOf(key);
      await ensureDirectory(path.dirname(target));
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temporary, 'wx', FILE_MODE);
      try {
        await handle.chmod(FILE_MODE);
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, handle.createWriteStream());
        await link(temporary, target);
      } finally {
        await handle.close().catch(() => undefined);
        await rm(temporary, { force: true });
      }
      return { key, sizeBytes: (await stat(target)).size };
    },

    async get(key) {
      const target = pathOf(key);
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        return { stream: createReadStream(target), sizeBytes: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      return exists(pathOf(key));
    },

    async listOlderThan(namespace, before) {
      const keys: string[] = [];
      let entries;
      try {
        entries = await readdir(path.join(base, namespace), { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return keys;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info || info.mtime >= before) continue;
        const key = path.relative(base, file).split(path.sep).join('/');
        if (isStorageKey(key)) keys.push(key);
        else if (entry.name.endsWith('.tmp')) await rm(file, { force: true });
      }
      return keys;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
