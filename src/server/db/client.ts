import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema/index.js';
import { PROJECT_ROOT } from '../lib/project-root.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database (PGlite); 'memory://' keeps it in memory, in this process (tests). */
  dataDir: string;
  /**
   * Called if the embedded database's process is gone for good: it ended without being asked to, more often than
   * it may be restarted (embedded-database.ts), or would not start again. Nothing can be served after.
   */
  onLost?: (reason: string) => void;
  /** Called when the embedded database's process died and was started again. */
  onRestarted?: (reason: string, restartsInWindow: number) => void;
  /**
   * Longest a statement may run (and, on the embedded database, longest a query waits for its one connection).
   * Not applied in memory (tests).
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** On PostgreSQL the server cancels a statement itself; the driver gives up a little later, if it never answers. */
const UNANSWERED_MARGIN_MS = 2_000;

// PostgreSQL's default 128 MB of shared buffers would sit in PGlite's memory; the files beneath are cached by the
// OS anyway, so a small pool keeps the embedded database light (docs/decisions/012).
const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers=16MB'] };

/**
 * Each driver loads only when chosen. PostgreSQL and the embedded database on disk are both reached through
 * node-postgres; the embedded one runs in a child process of its own (docs/decisions/014).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  if (options.databaseUrl) {
    return openOverWire(
      {
        connectionString: options.databaseUrl,
        max: 20,
        idleTimeoutMillis: 30_000,
        statement_timeout: statementTimeoutMs,
        query_timeout: statementTimeoutMs + UNANSWERED_MARGIN_MS,
      },
      'postgres',
    );
  }
  if (options.dataDir === 'memory://') return openInMemory();

  const { startEmbeddedDatabase, EMBEDDED_PORT, RESTARTS_ALLOWED } = await import('./embedded-database.js');
  const onLost = options.onLost ?? ((reason: string) => console.error(reason));
  const embedded = await startEmbeddedDatabase(path.resolve(options.dataDir), PGLITE_OPTIONS, {
    onLost,
    onRestarted: options.onRestarted ?? ((reason, count) => console.error(`${reason}; started again (${count} of ${RESTARTS_ALLOWED})`)),
  });
  try {
    // PGlite is one backend: one connection, kept open (every new one starts a fresh session there). Queries
    // wait their turn for it, but not forever: a database that hangs must turn into 503s, not requests that never
    // end (docs/decisions/017). PGlite runs without timers, so it cannot enforce statement_timeout itself: the
    // driver gives up on an answer that takes longer.
    const poolConfig = {
      host: embedded.socketDir,
      port: EMBEDDED_PORT,
      user: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: statementTimeoutMs,
      query_timeout: statementTimeoutMs,
    };
    return await openOverWire(poolConfig, 'pglite', embedded.stop);
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}

async function openOverWire(
  poolConfig: import('pg').PoolConfig,
  kind: Database['kind'],
  afterClose?: () => Promise<void>,
): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ database: 'postgres', connectionTimeoutMillis: 5_000, ...poolConfig });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind,
    // A migration may rightly take longer than any request's statement (an index on a big table): it gets a
    // connection of its own without the time limits. It runs before anything else holds the embedded database.
    migrate: async () => {
      const migrationPool = new pg.Pool({
        database: 'postgres',
        ...poolConfig,
        max: 1,
        statement_timeout: undefined,
        query_timeout: undefined,
        connectionTimeoutMillis: 0,
      });
      migrationPool.on('error', () => undefined);
      try {
        await migratePg(drizzlePg(migrationPool, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await migrationPool.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!pool.ended) await pool.end();
      await afterClose?.();
    },
  };
}

async function openInMemory(): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create('memory://', PGLITE_OPTIONS);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
