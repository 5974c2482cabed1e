import { mkdirSync, readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
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
  /** Directory for PGlite files; 'memory://' keeps the database in memory (tests). */
  dataDir: string;
}

function createPgliteFilesInWorker(dataDir: string, options: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pglite-init-worker.mjs', import.meta.url), {
      workerData: { dataDir, options },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database exited with ${code}`)),
    );
  });
}

/** Each driver loads only when chosen: a PostgreSQL deployment never pays for PGlite's memory, and vice versa. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }

  let dataDir = options.dataDir;
  let isNew = false;
  if (dataDir !== 'memory://') {
    dataDir = path.resolve(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    isNew = readdirSync(dataDir).length === 0;
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // PostgreSQL's default 128 MB of shared buffers would sit in this process's memory; the files beneath are
  // cached by the OS anyway, so a small pool keeps the embedded database light (docs/decisions/012).
  const pgliteOptions = { postgresqlconf: ['shared_buffers=16MB'] };
  // Creating the files (initdb) leaves some 500 MB behind in the process that ran it: a first start creates them
  // in a worker thread, whose memory goes when it ends.
  if (isNew) await createPgliteFilesInWorker(dataDir, pgliteOptions);
  const client = await PGlite.create(dataDir, pgliteOptions);
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
