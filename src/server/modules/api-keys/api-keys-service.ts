import { AppError } from '../../lib/app-error.js';
import type { ApiKeyCaller } from '../../lib/api-key-caller.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { Transactions } from '../../db/transactions.js';
import { CUSTOMER_ROLE, OPERATOR_ROLE } from '../../../shared/roles.js';
import { API_KEY_LIMIT, type ApiKey, type ApiKeyCreateBody, type CreatedApiKey } from '../../../shared/schemas/api-keys.js';
import { generateApiKey, modeOfApiKey, type ApiKeyHasher } from './api-key-secret.js';
import type { ApiKeysRepository } from './api-keys-repository.js';

/**
 * How long an instance trusts a key it looked up without asking again. A revocation drops the key from every
 * instance's cache through the invalidation bus at once; this bound is what is left if that message is lost, and it
 * keeps "refused everywhere within 2 s" true even then.
 */
export const API_KEY_CACHE_MAX_AGE_MS = 1_000;
const API_KEY_CACHE_MAX_ENTRIES = 10_000;
const INVALIDATION_TOPIC = 'api-key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Deps {
  repository: ApiKeysRepository;
  transactions: Pick<Transactions, 'run' | 'single'>;
  hashKey: ApiKeyHasher;
  invalidationBus: InvalidationBus;
  now?: () => number;
}

/** Keys are for shippers: a customer account that is not an operator's (whose keys would be worth the most to steal). */
export function mayHoldApiKeys(roles: readonly string[]): boolean {
  return roles.includes(CUSTOMER_ROLE) && !roles.includes(OPERATOR_ROLE);
}

const toApiKey = (row: { id: string; name: string; mode: 'test' | 'live'; last4: string; createdAt: Date }): ApiKey => ({
  id: row.id,
  name: row.name,
  mode: row.mode,
  last4: row.last4,
  createdAt: row.createdAt.toISOString(),
});

export function createApiKeysService({ repository, transactions, hashKey, invalidationBus, now = Date.now }: Deps) {
  const cache = new Map<string, { caller: ApiKeyCaller; until: number }>();
  invalidationBus.subscribe(INVALIDATION_TOPIC, (keyHash) => cache.delete(keyHash));

  return {
    /** A deleted account's keys were revoked in its transaction (decision 059): no instance may serve one from memory. */
    subscribe(events: Pick<DomainEvents, 'onEveryInstance'>) {
      events.onEveryInstance('user.deleted', ({ userId }) => {
        for (const [keyHash, entry] of cache) if (entry.caller.userId === userId) cache.delete(keyHash);
      });
    },

    async create(user: { id: string; roles: readonly string[] }, body: ApiKeyCreateBody): Promise<CreatedApiKey> {
      if (!mayHoldApiKeys(user.roles)) throw new AppError('API_KEY_NOT_ALLOWED');
      const key = generateApiKey(body.mode);
      const row = await transactions.run(async ({ tx }) => {
        await repository.lockAccountKeys(user.id, tx);
        if ((await repository.countLive(user.id, tx)) >= API_KEY_LIMIT) return null;
        return repository.insert(
          { userId: user.id, name: body.name, mode: body.mode, keyHash: hashKey(key), last4: key.slice(-4), createdAt: new Date(now()) },
          tx,
        );
      });
      if (!row) throw new AppError('API_KEY_LIMIT', { params: { limit: API_KEY_LIMIT } });
      return { ...toApiKey(row), key };
    },

    async list(userId: string): Promise<ApiKey[]> {
      return (await repository.listLiveQuery(userId)).map(toApiKey);
    },

    /** Whether the account holds an unrevoked key, of either mode (My Deliveries then offers test mode, decision 079). */
    async hasKeys(userId: string): Promise<boolean> {
      return (await repository.hasLiveQuery(userId)).length > 0;
    },

    /** Revokes the owner's key; API_KEY_NOT_FOUND for another account's key, an unknown one or one already revoked. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw new AppError('API_KEY_NOT_FOUND');
      const keyHash = await transactions.single(({ tx }) => repository.revoke(userId, id, new Date(now()), tx));
      if (!keyHash) throw new AppError('API_KEY_NOT_FOUND');
      invalidationBus.publish(INVALIDATION_TOPIC, keyHash);
    },

    /** The caller of a `Bearer lf_…` key, or null for a malformed, unknown or revoked key. */
    async authenticate(key: string): Promise<ApiKeyCaller | null> {
      if (modeOfApiKey(key) === null) return null;
      const keyHash = hashKey(key);
      const at = now();
      const cached = cache.get(keyHash);
      if (cached && cached.until > at) return cached.caller;
      const row = await repository.findLiveByHash(keyHash);
      if (!row || !mayHoldApiKeys(row.roles)) {
        cache.delete(keyHash);
        return null;
      }
      const caller: ApiKeyCaller = { keyId: row.id, userId: row.userId, mode: row.mode };
      if (cache.size >= API_KEY_CACHE_MAX_ENTRIES) cache.clear();
      cache.set(keyHash, { caller, until: at + API_KEY_CACHE_MAX_AGE_MS });
      return caller;
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
