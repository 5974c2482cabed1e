/** `npm run db:migrate`: applies the committed migrations to the configured database (PGlite or DATABASE_URL). */
import { loadEnv } from '../src/server/config/env.js';
import { openDatabase } from '../src/server/db/client.js';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
