/**
 * Creates an operator (dispatch: assign drivers, move delivery statuses) or promotes an existing user.
 *   npm run operator:create -- --email ops@example.ng [--password "…"] [--name "Dispatch Desk"] [--force]
 *   npx tsx scripts/create-operator.ts ops@example.ng [--name …] [--password …]   (the email may also come first)
 * Uses DATABASE_URL, or the PGlite files under DATA_DIR (stop the server first: PGlite is single-process).
 */
import { eq, sql } from 'drizzle-orm';
import { loadEnv } from '../src/server/config/env.js';
import { openDatabase } from '../src/server/db/client.js';
import { users } from '../src/server/db/schema/index.js';
import { hashPassword } from '../src/server/lib/passwords.js';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const email = (flag('email') ?? args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')))
  ?.trim()
  .toLowerCase();

const env = loadEnv();
if (env.NODE_ENV === 'production' && !args.includes('--force')) {
  console.error('Refusing to run with NODE_ENV=production without --force.');
  process.exit(1);
}
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run operator:create -- --email <email> [--password "secret"] [--name "Name"] [--force]');
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const [existing] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await database.db
      .update(users)
      .set({
        roles: sql`(select array_agg(distinct r) from unnest(${users.roles} || ARRAY['operator']::text[]) r)`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    console.log(`Promoted ${email} to operator.`);
  } else {
    const password = flag('password');
    if (!password || password.length < 8) {
      console.error(`No user ${email}. To create one, pass --password (at least 8 characters).`);
      process.exitCode = 1;
    } else {
      await database.db.insert(users).values({
        name: flag('name') ?? 'Operator',
        email,
        passwordHash: await hashPassword(password),
        roles: ['customer', 'operator'],
        verifiedAt: new Date(),
      });
      console.log(`Created operator ${email}.`);
    }
  }
} finally {
  await database.close();
}
