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

/** How busy one connection pool is: what a readiness check reports. */
export interface PoolStats {
  max: number;
  /** Connections open now, busy or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

export interface Database {
  /** Reads, and writes that are one statement outside the transaction helper. */
  db: Db;
  /**
   * Write transactions (db/transactions.ts). On PostgreSQL a pool of its own, with the longer statement limit of
   * money writes, so writes stuck behind a lock can never take the connections reads need (docs/decisions/050);
   * elsewhere the same as `db`.
   */
  writeDb: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The pools' counts now; null where there is no pool (in-memory PGlite). */
  stats(): { reads: PoolStats; writes: PoolStats } | null;
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
  /** PostgreSQL: longest a statement on the read pool may run; `statementTimeoutMs` unless given. */
  readStatementTimeoutMs?: number;
  /** PostgreSQL: longest a statement waits for a lock (lock_timeout); unset, as long as its statement may run. */
  lockTimeoutMs?: number;
  /** PostgreSQL: connections in all (reads get `poolMax - writeConnections`). */
  poolMax?: number;
  /** PostgreSQL: connections of the write pool. */
  writeConnections?: number;
  /** PostgreSQL: longest a read waits for a free connection. */
  poolWaitMs?: number;
  /** PostgreSQL: longest a write transaction waits for a free connection of the write pool. */
  writeWaitMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** Scripts and tests that open the database themselves keep these; the server passes its configuration. */
const DEFAULT_POOL_MAX = 20;
const DEFAULT_WRITE_CONNECTIONS = 10;
const DEFAULT_POOL_WAIT_MS = 5_000;
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
    const poolMax = options.poolMax ?? DEFAULT_POOL_MAX;
    const writeConnections = Math.min(options.writeConnections ?? DEFAULT_WRITE_CONNECTIONS, poolMax - 1);
    const readStatementTimeoutMs = options.readStatementTimeoutMs ?? statementTimeoutMs;
    const lockTimeout = options.lockTimeoutMs === undefined ? {} : { lock_timeout: options.lockTimeoutMs };
    const shared = { connectionString: options.databaseUrl, idleTimeoutMillis: 30_000 };
    return openOverWire(
      {
        reads: {
          ...shared,
          max: poolMax - writeConnections,
          connectionTimeoutMillis: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
          statement_timeout: readStatementTimeoutMs,
          query_timeout: readStatementTimeoutMs + UNANSWERED_MARGIN_MS,
          ...lockTimeout,
        },
        writes: {
          ...shared,
          max: writeConnections,
          connectionTimeoutMillis: options.writeWaitMs ?? DEFAULT_POOL_WAIT_MS,
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + UNANSWERED_MARGIN_MS,
          // A transaction the server left open between statements holds its locks no longer than a statement may run.
          idle_in_transaction_session_timeout: statementTimeoutMs,
          ...lockTimeout,
        },
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
    return await openOverWire({ reads: poolConfig }, 'pglite', embedded.stop);
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}

/** Connection settings that only requests get: a migration runs without them. */
const REQUEST_LIMITS = {
  statement_timeout: undefined,
  query_timeout: undefined,
  lock_timeout: undefined,
  idle_in_transaction_session_timeout: undefined,
  connectionTimeoutMillis: 0,
};

/** One pool for reads and, when `writes` is given, one for write transactions; otherwise both share the first. */
async function openOverWire(
  pools: { reads: import('pg').PoolConfig; writes?: import('pg').PoolConfig },
  kind: Database['kind'],
  afterClose?: () => Promise<void>,
): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const open = (config: import('pg').PoolConfig) => {
    const pool = new pg.Pool({ database: 'postgres', connectionTimeoutMillis: 5_000, ...config });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    return pool;
  };
  const readPool = open(pools.reads);
  const writePool = pools.writes ? open(pools.writes) : readPool;
  const db = drizzlePg(readPool, { schema }) as unknown as Db;
  const writeDb = writePool === readPool ? db : (drizzlePg(writePool, { schema }) as unknown as Db);
  const statsOf = (pool: import('pg').Pool): PoolStats => ({
    max: pool.options.max,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return {
    db,
    writeDb,
    kind,
    // A migration may rightly take longer than any request's statement (an index on a big table): it gets a
    // connection of its own without the time limits. It runs before anything else holds the embedded database.
    migrate: async () => {
      const migrationPool = new pg.Pool({ database: 'postgres', ...pools.reads, ...REQUEST_LIMITS, max: 1 });
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
    stats: () => ({ reads: statsOf(readPool), writes: statsOf(writePool) }),
    close: async () => {
      await Promise.all([...new Set([readPool, writePool])].filter((pool) => !pool.ended).map((pool) => pool.end()));
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
    writeDb: db,
    kind: 'pglite',
    stats: () => null,
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
