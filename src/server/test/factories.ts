import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../composition-root.js';
import type { Executor } from '../db/client.js';
import { drivers, ledgerEntries, postingLines, postings, users, wallets } from '../db/schema/index.js';
import type { TransportMode } from '../../shared/schemas/deliveries.js';
import { hashPassword } from '../lib/passwords.js';

/** Test data factories, shared with the seed script. Each call makes unique data. */
export const DEFAULT_TEST_PASSWORD = 'Cargo-Lagos-2026!';

let cachedHash: Promise<string> | undefined;
const defaultHash = () => (cachedHash ??= hashPassword(DEFAULT_TEST_PASSWORD));

export function uniqueSuffix() {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export async function createUser(
  db: Executor,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      name: 'Adaeze Okafor',
      email: `user-${uniqueSuffix()}@example.ng`,
      passwordHash: password ? await hashPassword(password) : await defaultHash(),
      verifiedAt: new Date(),
      ...rest,
    })
    .returning();
  return user!;
}

/** A user with a live session: returns headers for app.inject. */
export async function createSignedInUser(deps: AppDeps, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps.db, overrides);
  const session = await deps.sessions.startSession(user.id, false);
  return { user, token: session.token, headers: { authorization: `Bearer ${session.token}` } };
}

/** An approved driver with a vehicle of this transport mode on record, as an approved application leaves one. */
export async function createDriver(
  db: Executor,
  {
    transportMode = 'bike',
    plateNumber = `LAG-${uniqueSuffix().slice(-5).toUpperCase()}`,
    vehicleBrand = null,
    ...overrides
  }: Parameters<typeof createUser>[1] & { transportMode?: TransportMode; plateNumber?: string; vehicleBrand?: string | null } = {},
) {
  const user = await createUser(db, {
    name: 'Musa Bello',
    phone: `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    roles: ['customer', 'driver'],
    ...overrides,
  });
  await db.insert(drivers).values({ userId: user.id, transportMode, vehicleType: transportMode, vehicleBrand, plateNumber });
  return user;
}

/** A signed-in approved driver with a vehicle of this transport mode. */
export async function createSignedInDriver(deps: AppDeps, options: Parameters<typeof createDriver>[1] = {}) {
  const user = await createDriver(deps.db, options);
  const session = await deps.sessions.startSession(user.id, false);
  return { user, token: session.token, headers: { authorization: `Bearer ${session.token}` } };
}

/** Funds a wallet through a ledger adjustment, as an operator would (tests and seed only). */
export async function fundWallet(db: Executor, userId: string, amountKobo: number, description = 'Test funding') {
  return db.transaction(async (tx) => {
    const [wallet] = await tx
      .insert(wallets)
      .values({ userId, balanceKobo: amountKobo })
      .onConflictDoUpdate({ target: wallets.userId, set: { balanceKobo: sql`${wallets.balanceKobo} + ${amountKobo}`, updatedAt: new Date() } })
      .returning();
    const idempotencyKey = `adjustment:${uniqueSuffix()}`;
    const [posting] = await tx.insert(postings).values({ kind: 'adjustment', idempotencyKey }).returning({ id: postings.id });
    await tx.insert(postingLines).values({ postingId: posting!.id, accountType: 'adjustments', amountKobo: -amountKobo });
    await tx.insert(ledgerEntries).values({
      postingId: posting!.id,
      userId,
      amountKobo,
      balanceAfterKobo: wallet!.balanceKobo,
      kind: 'adjustment',
      description,
      idempotencyKey,
    });
    return wallet!.balanceKobo;
  });
}
