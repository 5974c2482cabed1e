import { afterAll, describe, expect, it, vi } from 'vitest';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_PORT, RESTARTS_ALLOWED, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database.js';

const OPTIONS = { postgresqlconf: ['shared_buffers=16MB'] };
const dirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lanefreight-embedded-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const clientOf = (database: EmbeddedDatabase) =>
  new pg.Client({ host: database.socketDir, port: EMBEDDED_PORT, user: 'postgres', database: 'postgres' });
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every path under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const info = lstatSync(target);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) found.push(`${path.relative(dir, target) || '.'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) readdirSync(target).forEach((entry) => visit(path.join(target, entry)));
  };
  visit(dir);
  return found;
}
const modeOf = (target: string) => lstatSync(target).mode & 0o777;

describe('the embedded database files', () => {
  it('are private to this user when created, and are made private when found open', async () => {
    const dataDir = path.join(freshDataDir(), 'data');
    const first = await startEmbeddedDatabase(dataDir, OPTIONS, () => undefined);
    try {
      const client = clientOf(first);
      await client.connect();
      await client.query('create table secrets (hash text)');
      await client.query("insert into secrets values ('argon2id$...')");
      await client.end();
    } finally {
      await first.stop();
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(10);
    expect(openToOthers(dataDir)).toEqual([]);

    // As an older version left it: a 0755 folder of world-writable files.
    const walk = (target: string) => {
      const info = lstatSync(target);
      chmodSync(target, info.isDirectory() ? 0o755 : 0o666);
      if (info.isDirectory()) readdirSync(target).forEach((entry) => walk(path.join(target, entry)));
    };
    walk(dataDir);
    mkdirSync(path.join(dataDir, 'uploads'), { mode: 0o777 });
    writeFileSync(path.join(dataDir, 'uploads', 'photo.jpg'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'uploads'), 0o777);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);

    const second = await startEmbeddedDatabase(dataDir, OPTIONS, () => undefined);
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      const client = clientOf(second);
      await client.connect();
      const { rows } = await client.query('select hash from secrets');
      expect(rows).toEqual([{ hash: 'argon2id$...' }]);
      await client.query('create table more (n int)');
      await client.query('checkpoint');
      await client.end();
    } finally {
      await second.stop();
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'uploads', 'photo.jpg'))).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

describe('the embedded database process', () => {
  it('serves one connection at a time, each on a clean session, and whole messages however they arrive', async () => {
    const database = await startEmbeddedDatabase(freshDataDir(), OPTIONS, () => undefined);
    try {
      const first = clientOf(database);
      first.on('error', () => undefined); // it is cut off below
      await first.connect();
      await first.query('create table parcels (id int)');
      await first.query('begin');
      await first.query('insert into parcels values (1)');
      await first.query({ name: 'count_parcels', text: 'select count(*)::int as n from parcels' });

      // A second connection waits for the first to go.
      const second = clientOf(database);
      let secondConnected = false;
      const connecting = second.connect().then(() => (secondConnected = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondConnected).toBe(false);

      // The first leaves without committing, holding a prepared statement of the same name the second will use.
      (first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await connecting;
      const { rows } = await second.query({ name: 'count_parcels', text: 'select count(*)::int as n from parcels' });
      expect(rows).toEqual([{ n: 0 }]);
      const open = await second.query('select count(*)::int as n from pg_prepared_statements');
      expect(open.rows).toEqual([{ n: 1 }]);

      // A parameter of 1 MB arrives in many reads.
      const big = 'x'.repeat(1_000_000);
      const echoed = await second.query('select length($1::text) as n', [big]);
      expect(echoed.rows).toEqual([{ n: 1_000_000 }]);
      await second.end();
    } finally {
      await database.stop();
    }
  }, 60_000);

  it('keeps its memory flat however many queries it answers', async () => {
    const database = await startEmbeddedDatabase(freshDataDir(), OPTIONS, () => undefined);
    const client = clientOf(database);
    try {
      await client.connect();
      const query = { name: 'page', text: 'select n, $1::int as asked from generate_series(1, 20) as n' };
      const ask = async (times: number) => {
        for (let i = 0; i < times; i++) await client.query({ ...query, values: [i] });
      };
      await ask(4_000);
      const before = rssMb(database.pid);
      // PGlite's raw protocol call kept every answer it parsed: this many pages of 20 rows grew it by over 40 MB.
      await ask(16_000);
      expect(rssMb(database.pid) - before).toBeLessThan(20);
    } finally {
      await client.end();
      await database.stop();
    }
  }, 120_000);

  it('stops when asked, removing its socket, and refuses a second server on the same files', async () => {
    const dataDir = freshDataDir();
    const database = await startEmbeddedDatabase(dataDir, OPTIONS, () => undefined);
    const socketFile = path.join(database.socketDir, `.s.PGSQL.${EMBEDDED_PORT}`);
    expect(existsSync(socketFile)).toBe(true);

    await expect(startEmbeddedDatabase(dataDir, OPTIONS, () => undefined)).rejects.toThrow(
      /exited with code 3 while starting/,
    );
    const client = clientOf(database);
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();

    await database.stop();
    expect(isRunning(database.pid)).toBe(false);
    expect(existsSync(socketFile)).toBe(false);
  }, 60_000);

  it('starts a database process that dies again, on the same files, and reports it lost past the restart budget', async () => {
    const onLost = vi.fn();
    const onRestarted = vi.fn();
    const database = await startEmbeddedDatabase(freshDataDir(), OPTIONS, { onLost, onRestarted });
    try {
      const client = clientOf(database);
      await client.connect();
      await client.query('create table parcels (id int)');
      await client.query('insert into parcels values (7)');
      await client.end();

      for (let restart = 1; restart <= RESTARTS_ALLOWED; restart++) {
        const pid = database.pid;
        process.kill(pid, 'SIGKILL');
        await vi.waitFor(() => expect(onRestarted).toHaveBeenCalledTimes(restart), { timeout: 30_000, interval: 100 });
        expect(onRestarted).toHaveBeenLastCalledWith('the embedded database was killed by SIGKILL', restart);
        expect(database.pid).not.toBe(pid);
        // The same files: what was committed before the kill is still there.
        const again = clientOf(database);
        await again.connect();
        expect((await again.query('select id from parcels')).rows).toEqual([{ id: 7 }]);
        await again.end();
      }
      expect(onLost).not.toHaveBeenCalled();

      process.kill(database.pid, 'SIGKILL');
      await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1), { timeout: 30_000 });
      expect(onLost.mock.calls[0]![0]).toMatch(/^the embedded database was killed by SIGKILL, after 3 restarts/);
    } finally {
      await database.stop();
    }
  }, 120_000);
});
