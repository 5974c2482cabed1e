import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStorageKey } from './index.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { createStorageSweep, ORPHAN_AFTER_MS } from './storage-sweep.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function storageIn() {
  const root = mkdtempSync(path.join(tmpdir(), 'lanefreight-sweep-'));
  roots.push(root);
  return { root, storage: createLocalFileStorage(root) };
}

/** Dates the file as written `ms` ago. */
function age(file: string, ms: number) {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
}

describe('storage sweep', () => {
  it('removes old files no record points to and interrupted writes; keeps kept files and recent uploads', async () => {
    const { root, storage } = storageIn();
    const kept = createStorageKey('partner-documents', 'pdf');
    const orphan = createStorageKey('partner-documents', 'pdf');
    const recentOrphan = createStorageKey('partner-documents', 'png');
    const otherNamespace = createStorageKey('avatars', 'webp');
    for (const key of [kept, orphan, recentOrphan, otherNamespace]) await storage.put(key, Buffer.from('x'));
    const fileOf = (key: string) => path.join(root, ...key.split('/'));
    for (const key of [kept, orphan, otherNamespace]) age(fileOf(key), ORPHAN_AFTER_MS + 60_000);
    const interrupted = `${fileOf(orphan)}.0a1b2c3d4e5f.tmp`;
    writeFileSync(interrupted, 'half');
    age(interrupted, ORPHAN_AFTER_MS + 60_000);

    const asked: string[][] = [];
    const sweep = createStorageSweep(
      storage,
      [
        {
          namespace: 'partner-documents',
          keptAmong: async (keys) => {
            asked.push([...keys].sort());
            return new Set(keys.filter((key) => key === kept));
          },
        },
      ],
      { warn: () => undefined },
    );

    expect(await sweep.sweep()).toBe(1);
    expect(asked).toEqual([[kept, orphan].sort()]);
    expect(await storage.exists(kept)).toBe(true);
    expect(await storage.exists(orphan)).toBe(false);
    expect(await storage.exists(recentOrphan)).toBe(true);
    expect(await storage.exists(otherNamespace)).toBe(true);
    expect(existsSync(interrupted)).toBe(false);
  });

  it('treats an empty or missing namespace as nothing to do', async () => {
    const { storage } = storageIn();
    const sweep = createStorageSweep(storage, [{ namespace: 'delivery-proofs', keptAmong: async () => new Set() }], { warn: () => undefined });
    expect(await sweep.sweep()).toBe(0);
  });
});
