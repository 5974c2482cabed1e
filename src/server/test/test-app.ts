import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseOptionsOf, loadEnv, type Env } from '../config/env.js';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database, type DatabaseOptions } from '../db/client.js';

/** For tests below the app's layer (db, plugins) that build the app themselves. */
export { buildApp, type App };

/** True when the suite runs on PostgreSQL (CI) rather than in-memory PGlite. */
export const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Opens a fresh database for one test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL is set (CI), a uniquely named PostgreSQL database that `close` drops.
 */
export async function openTestDatabase(
  options: Omit<DatabaseOptions, 'databaseUrl' | 'dataDir'> = {},
): Promise<{ database: Database; databaseUrl?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `lf_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ ...options, databaseUrl: url.toString(), dataDir: 'unused' });
  await database.migrate();
  return {
    database,
    databaseUrl: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp extends App {
  env: Env;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database. Call `close` in afterAll. With `databaseLimits`, PostgreSQL is opened
 * with the pool sizes and time limits of the configuration, as the server opens it (otherwise the generous
 * defaults of db/client.ts, so a busy test machine does not turn waits into failures).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  { databaseLimits = false }: { databaseLimits?: boolean } = {},
): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...overrides });
  const { database, drop } = await openTestDatabase(databaseLimits ? databaseOptionsOf(env) : {});
  const built = await buildApp({ env, database, logger: false });
  await built.app.ready();
  return {
    ...built,
    env,
    async close() {
      await built.app.close();
      await drop();
    },
  };
}

/**
 * Another instance of the server on the same database, as a second process behind a load balancer would be.
 * Close it before the first.
 */
export async function startAnotherInstance(first: TestApp, overrides: Record<string, string> = {}): Promise<App> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...overrides });
  const built = await buildApp({ env, database: first.database, logger: false });
  await built.app.ready();
  return built;
}
