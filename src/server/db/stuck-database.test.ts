import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../config/env.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseUnavailable } from '../lib/pg-errors.js';
import { buildApp, isPostgresRun, openTestDatabase } from '../test/test-app.js';

const TIMEOUT_MS = 1_000;
const env = loadEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
});
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The embedded database process: the one child of this process that runs pglite-server.mjs. */
function embeddedDatabasePid(): number {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  const pid = children.find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('pglite-server.mjs');
    } catch {
      return false;
    }
  });
  if (!pid) throw new Error('no embedded database process found');
  return pid;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

const login = { method: 'POST' as const, url: '/api/login', payload: { identifier: 'nobody@example.ng', password: 'Some-Password-2026' } };

describe('a stuck database fails fast', () => {
  it('embedded: readiness answers 503 within 2 s and other requests 503 soon after, then recover', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-stuck-'));
    dirs.push(dataDir);
    const database = await openDatabase({ dataDir, statementTimeoutMs: TIMEOUT_MS });
    await database.migrate();
    const { app } = await buildApp({ env, database, logger: false });
    await app.ready();
    const pid = embeddedDatabasePid();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

      process.kill(pid, 'SIGSTOP');
      const health = await timed(() => app.inject({ method: 'GET', url: '/api/health/ready' }));
      expect(health.result.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(2_000);

      for (let i = 0; i < 3; i++) {
        const attempt = await timed(() => app.inject(login));
        expect(attempt.result.statusCode).toBe(503);
        // Its query timed out (unavailable), or it waited for the one connection behind one that did (busy).
        const { code } = attempt.result.json();
        expect(['DATABASE_UNAVAILABLE', 'DATABASE_BUSY']).toContain(code);
        expect(attempt.result.headers['retry-after']).toBe(code === 'DATABASE_BUSY' ? '2' : '5');
        expect(attempt.ms).toBeLessThan(3 * TIMEOUT_MS + 500);
      }

      process.kill(pid, 'SIGCONT');
      await vi.waitFor(
        async () => expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200),
        { timeout: 10_000, interval: 200 },
      );
      expect((await app.inject(login)).statusCode).toBe(401);
    } finally {
      process.kill(pid, 'SIGCONT');
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('readiness answers 503 within 2 s when a PostgreSQL server accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/lanefreight`,
      dataDir: 'unused',
      statementTimeoutMs: TIMEOUT_MS,
    });
    const { app } = await buildApp({ env, database, logger: false });
    await app.ready();
    try {
      const health = await timed(() => app.inject({ method: 'GET', url: '/api/health/ready' }));
      expect(health.result.statusCode).toBe(503);
      expect(health.result.json().reasons).toEqual(['database_slow']);
      expect(health.ms).toBeLessThan(2_000);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const attempt = await app.inject(login);
      expect(attempt.statusCode).toBe(503);
      expect(attempt.json().code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await app.close();
      sockets.forEach((socket) => socket.destroy());
      await database.close();
      silent.close();
    }
  }, 30_000);

  it.runIf(isPostgresRun)('PostgreSQL cancels a statement that runs too long, and the request gets a 503', async () => {
    const test = await openTestDatabase();
    const database: Database = await openDatabase({
      databaseUrl: test.databaseUrl,
      dataDir: 'unused',
      statementTimeoutMs: TIMEOUT_MS,
    });
    const locker = new pg.Client({ connectionString: test.databaseUrl });
    await locker.connect();
    const { app } = await buildApp({ env, database, logger: false });
    await app.ready();
    try {
      const sleep = await timed(() => database.db.execute(sql`select pg_sleep(5)`).then(() => null, (err: unknown) => err));
      expect(isDatabaseUnavailable(sleep.result)).toBe(true);
      expect(sleep.ms).toBeLessThan(TIMEOUT_MS + 1_000);

      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const attempt = await timed(() => app.inject(login));
      expect(attempt.result.statusCode).toBe(503);
      expect(attempt.result.json().code).toBe('DATABASE_UNAVAILABLE');
      expect(attempt.ms).toBeLessThan(TIMEOUT_MS + 1_000);
      await locker.query('rollback');
    } finally {
      await locker.end();
      await app.close();
      await database.close();
      await test.drop();
    }
  }, 30_000);
});
