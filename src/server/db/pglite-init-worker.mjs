// Creates an embedded database's files (initdb) and exits: run in a worker thread so that the few hundred MB
// initdb leaves behind go away with the thread instead of staying in the server (see db/client.ts).
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(workerData.dataDir, workerData.options);
await db.close();
