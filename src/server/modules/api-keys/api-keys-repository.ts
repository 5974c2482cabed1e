import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';
import type { ApiKeyMode } from '../../../shared/schemas/api-keys.js';

export interface NewApiKey {
  userId: string;
  name: string;
  mode: ApiKeyMode;
  keyHash: string;
  last4: string;
  createdAt: Date;
}

const listed = { id: apiKeys.id, name: apiKeys.name, mode: apiKeys.mode, last4: apiKeys.last4, createdAt: apiKeys.createdAt };

export function createApiKeysRepository(db: Executor) {
  let byHashStatement: ReturnType<typeof prepareByHash> | undefined;
  function prepareByHash() {
    return db
      .select({ id: apiKeys.id, userId: apiKeys.userId, mode: apiKeys.mode, roles: users.roles })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
      .limit(1)
      .prepare('api_key_by_hash');
  }

  return {
    /** Holds this account's key creations one at a time until the transaction ends, so a count and its insert agree. */
    async lockAccountKeys(userId: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${userId}`}, 0))`);
    },

    async countLive(userId: string, tx: Executor = db): Promise<number> {
      const [{ held } = { held: 0 }] = await tx
        .select({ held: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return held;
    },

    async insert(values: NewApiKey, tx: Executor = db) {
      const [row] = await tx.insert(apiKeys).values(values).returning(listed);
      return row!;
    },

    /** The account's unrevoked keys, newest first: at most API_KEY_LIMIT rows, over api_keys_user_live_idx. */
    listLiveQuery: (userId: string) =>
      db.select(listed).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))).orderBy(desc(apiKeys.createdAt)),

    /** Whether the account holds any unrevoked key: one probe of api_keys_user_live_idx. */
    hasLiveQuery: (userId: string) =>
      db.select({ one: sql<number>`1` }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))).limit(1),

    /** Revokes the owner's key: its hash (for the caches to drop), or null when it is not theirs or already revoked. */
    async revoke(userId: string, id: string, at: Date, tx: Executor = db) {
      const [row] = await tx
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ keyHash: apiKeys.keyHash });
      return row?.keyHash ?? null;
    },

    /** An unrevoked key by its hash, with its owner's roles. */
    async findLiveByHash(keyHash: string) {
      const [row] = await (byHashStatement ??= prepareByHash()).execute({ keyHash });
      return row ?? null;
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
