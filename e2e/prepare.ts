/** Creates the accounts of e2e/operator.ts in the run's database, before the server holds it (PGlite is single-process). */
import { loadEnv } from '../src/server/config/env.js';
import { openDatabase } from '../src/server/db/client.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { drivers } from '../src/server/db/schema/index.js';
import { E2E_DRIVER, E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';

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
  // As an approved transportation application leaves a driver: the role and the vehicle on record.
  const rider = await createUser(database.db, {
    name: 'Musa Danjuma',
    email: E2E_DRIVER.email,
    password: E2E_DRIVER.password,
    roles: ['customer', 'driver'],
  });
  await database.db.insert(drivers).values({ userId: rider.id, transportMode: 'bike', vehicleType: 'bike', plateNumber: 'LAG-123-XY' });
} finally {
  await database.close();
}
