/** Creates the accounts of e2e/operator.ts in the run's database, before the server holds it (PGlite is single-process). */
import { loadEnv } from '../src/server/config/env.js';
import { openDatabase } from '../src/server/db/client.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  await createUser(database.db, {
    name: 'Dispatch Desk',
    email: E2E_OPERATOR.email,
    password: E2E_OPERATOR.password,
    roles: ['customer', 'operator'],
  });
  const shipper = await createUser(database.db, {
    name: 'Kemi Balogun',
    email: E2E_FUNDED_CUSTOMER.email,
    password: E2E_FUNDED_CUSTOMER.password,
  });
  await fundWallet(database.db, shipper.id, E2E_FUNDED_CUSTOMER.walletKobo, 'Opening balance');
} finally {
  await database.close();
}
