import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createSignedInUser } from '../test/factories.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { registerErrorHandler } from './error-handler.js';
import { registerAuthentication } from './auth.js';
import { canonicalJson, purgeExpiredIdempotencyKeys, registerIdempotency } from './idempotency.js';

/**
 * A throwaway app on the real test database and sessions, with routes that move "money" and count how often they
 * really ran.
 */
let t: TestApp;
let app: FastifyInstance;
let executions = 0;
/** What the throwaway transfer route can pay; a test raises it as a top-up would. */
let balanceKobo = 1_000_000;
let gate: { promise: Promise<void>; open: () => void } | null = null;

function newGate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

beforeAll(async () => {
  t = await createTestApp();
  const server = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  await server.register(compress, { globalCompression: true, threshold: 256, encodings: ['gzip'] });
  await server.register(cookie);
  await server.register(
    async (api) => {
      registerAuthentication(api, t.deps.sessions);
      registerIdempotency(api, { db: t.deps.db });
      const body = z.object({ amountKobo: z.number().int(), note: z.string().max(2000).optional() });
      api.withTypeProvider<ZodTypeProvider>().post(
        '/transfers/:walletId',
        { config: { idempotent: true }, schema: { body, params: z.object({ walletId: z.string() }) } },
        async (request, reply) => {
          executions++;
          const { amountKobo, note } = request.body;
          if (amountKobo === 777 && gate) await gate.promise;
          if (amountKobo === 500) throw new Error('database went away');
          if (amountKobo > 1_000_000 && amountKobo > balanceKobo) throw new AppError('INSUFFICIENT_BALANCE');
          if (amountKobo === 13) throw new AppError('HANDOVER_CODE_INVALID', { params: { attemptsLeft: 5 - executions }, recorded: true });
          return reply.code(201).send({ success: true, data: { run: executions, amountKobo, note: note ?? null }, message: 'Sent' });
        },
      );
      api.post('/other', { config: { idempotent: true } }, async () => ({ run: ++executions }));
      api.post('/plain', async () => ({ run: ++executions }));
    },
    { prefix: '/api' },
  );
  await server.ready();
  app = server;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object | string = {}, extra: Headers = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...extra, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
    payload,
  });
let keySeq = 0;
const freshKey = () => `key-${Date.now()}-${++keySeq}`;
const withKey = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });

describe('idempotency keys', () => {
  it('the same key and body returns the first answer (status, body) marked as replayed, and runs once', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    const before = executions;
    const first = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 5000, note: 'rent' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Key order differs; the canonical JSON is the same.
    const second = await post('/api/transfers/w1', withKey(u.headers, key), '{"note":"rent","amountKobo":5000}');
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.json()).toEqual(first.json());
    expect(executions - before).toBe(1);
  });

  it('the same key with another body, or another path parameter, is 409 IDEMPOTENCY_KEY_REUSED and does not run', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 5000 });
    const before = executions;
    for (const [url, body] of [
      ['/api/transfers/w1', { amountKobo: 5001 }],
      ['/api/transfers/w1', { amountKobo: 5000, note: 'x' }],
      ['/api/transfers/w2', { amountKobo: 5000 }],
    ] as const) {
      const res = await post(url, withKey(u.headers, key), body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(executions).toBe(before);
  });

  it('is scoped to the signed-in user and to the route', async () => {
    const a = await createSignedInUser(t.deps);
    const b = await createSignedInUser(t.deps);
    const key = freshKey();
    const first = await post('/api/transfers/w1', withKey(a.headers, key), { amountKobo: 100 });
    const other = await post('/api/transfers/w1', withKey(b.headers, key), { amountKobo: 100 });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().data.run).not.toBe(first.json().data.run);
    const otherRoute = await post('/api/other', withKey(a.headers, key), { amountKobo: 100 });
    expect(otherRoute.statusCode).toBe(200);
    expect(otherRoute.headers['idempotent-replayed']).toBeUndefined();
    const rows = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((r) => r.route).sort()).toEqual(['POST /api/other', 'POST /api/transfers/:walletId', 'POST /api/transfers/:walletId']);
  });

  it('without the header, or on a route that did not opt in, every request runs', async () => {
    const u = await createSignedInUser(t.deps);
    const before = executions;
    await post('/api/transfers/w1', u.headers, { amountKobo: 1 });
    await post('/api/transfers/w1', u.headers, { amountKobo: 1 });
    const key = freshKey();
    await post('/api/plain', withKey(u.headers, key));
    const again = await post('/api/plain', withKey(u.headers, key));
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(executions - before).toBe(4);
  });

  it('a key that is empty, too long or not printable ASCII is 400 IDEMPOTENCY_KEY_INVALID', async () => {
    const u = await createSignedInUser(t.deps);
    const before = executions;
    for (const key of ['', 'k'.repeat(256), 'clé-é', 'tab\tkey']) {
      const res = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 1 });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    expect(executions).toBe(before);
    expect((await post('/api/transfers/w1', withKey(u.headers, 'k'.repeat(255)), { amountKobo: 1 })).statusCode).toBe(201);
    expect((await post('/api/transfers/w1', withKey(u.headers, 'a b!~{}"'), { amountKobo: 1 })).statusCode).toBe(201);
  });

  it('a refusal changed nothing, so the key stays free: after a top-up the same request runs and books; a 5xx likewise', async () => {
    const u = await createSignedInUser(t.deps);
    const refusedKey = freshKey();
    const refused = await post('/api/transfers/w1', withKey(u.headers, refusedKey), { amountKobo: 2_000_000 });
    expect(refused.statusCode).toBe(402);
    const before = executions;
    const again = await post('/api/transfers/w1', withKey(u.headers, refusedKey), { amountKobo: 2_000_000 });
    expect(again.statusCode).toBe(402);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(executions).toBe(before + 1);
    balanceKobo = 5_000_000;
    try {
      const paid = await post('/api/transfers/w1', withKey(u.headers, refusedKey), { amountKobo: 2_000_000 });
      expect(paid.statusCode).toBe(201);
      const replayed = await post('/api/transfers/w1', withKey(u.headers, refusedKey), { amountKobo: 2_000_000 });
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json()).toEqual(paid.json());
      expect(executions).toBe(before + 2);
    } finally {
      balanceKobo = 1_000_000;
    }
    // Free for another body too: a refusal does not tie the key to what was refused.
    const otherKey = freshKey();
    expect((await post('/api/transfers/w1', withKey(u.headers, otherKey), { amountKobo: 3_000_000 })).statusCode).toBe(402);
    expect((await post('/api/transfers/w1', withKey(u.headers, otherKey), { amountKobo: 10 })).statusCode).toBe(201);

    const failingKey = freshKey();
    const failed = await post('/api/transfers/w1', withKey(u.headers, failingKey), { amountKobo: 500 });
    expect(failed.statusCode).toBe(500);
    const retried = await post('/api/transfers/w1', withKey(u.headers, failingKey), { amountKobo: 500 });
    expect(retried.statusCode).toBe(500);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    // And after a 5xx the key is free for a corrected request.
    expect((await post('/api/transfers/w1', withKey(u.headers, failingKey), { amountKobo: 501 })).statusCode).toBe(201);
  });

  it('a refusal that was itself recorded (a counted wrong code) is kept and replayed, not run again', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    const first = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 13 });
    expect(first.statusCode).toBe(422);
    const before = executions;
    const replayed = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 13 });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(first.json());
    expect(executions).toBe(before);
  });

  it('a duplicate arriving while the first is running gets 409 IDEMPOTENCY_KEY_IN_PROGRESS, then the replay', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    gate = newGate();
    try {
      const before = executions;
      const first = post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 777 });
      // Wait until the first request holds the key and is inside the handler.
      while (executions === before) await new Promise((resolve) => setTimeout(resolve, 5));
      const duplicates = await Promise.all(
        Array.from({ length: 5 }, () => post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 777 })),
      );
      for (const duplicate of duplicates) {
        expect(duplicate.statusCode).toBe(409);
        expect(duplicate.json().code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
        expect(duplicate.headers['retry-after']).toBe('1');
      }
      gate.open();
      expect((await first).statusCode).toBe(201);
      const after = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 777 });
      expect(after.headers['idempotent-replayed']).toBe('true');
      expect(executions - before).toBe(1);
    } finally {
      gate.open();
      gate = null;
    }
  });

  it('concurrent first uses of one key run the handler exactly once', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    const before = executions;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 42 })),
    );
    expect(executions - before).toBe(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
  });

  it('a key expires after 24 hours: then it starts afresh, even with another body', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 10 });
    const [row] = await t.deps.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, u.user.id), eq(idempotencyKeys.key, key)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    await t.deps.db.update(idempotencyKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(idempotencyKeys.id, row!.id));
    const res = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 11 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.json().data.amountKobo).toBe(11);
  });

  it('a hold left by a request that died is taken over once it is older than a minute', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    const stale = new Date(Date.now() - 2 * 60 * 1000);
    await t.deps.db.insert(idempotencyKeys).values({
      userId: u.user.id,
      route: 'POST /api/transfers/:walletId',
      key,
      requestHash: (await import('node:crypto')).createHash('sha256').update(canonicalJson({ params: { walletId: 'w1' }, query: {}, body: { amountKobo: 12 } })).digest('hex'),
      lockedAt: stale,
      createdAt: stale,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 12 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 12 })).headers['idempotent-replayed']).toBe('true');
  });

  it('stores the uncompressed body even when the answer is compressed on the way out', async () => {
    const u = await createSignedInUser(t.deps);
    const key = freshKey();
    const note = 'n'.repeat(1500);
    const gzip = { 'accept-encoding': 'gzip' };
    const first = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 7, note }, gzip);
    expect(first.headers['content-encoding']).toBe('gzip');
    const replay = await post('/api/transfers/w1', withKey(u.headers, key), { amountKobo: 7, note });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toMatchObject({ amountKobo: 7, note });
  });

  it('signed-out callers are refused before any key is recorded', async () => {
    const key = freshKey();
    const res = await post('/api/transfers/w1', { 'idempotency-key': key }, { amountKobo: 1 });
    expect(res.statusCode).toBe(401);
    expect(await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('purging removes expired keys only', async () => {
    const u = await createSignedInUser(t.deps);
    const live = freshKey();
    const old = freshKey();
    await post('/api/transfers/w1', withKey(u.headers, live), { amountKobo: 1 });
    await post('/api/transfers/w1', withKey(u.headers, old), { amountKobo: 1 });
    await t.deps.db.update(idempotencyKeys).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(idempotencyKeys.key, old));
    expect(await purgeExpiredIdempotencyKeys(t.deps.db)).toBeGreaterThanOrEqual(1);
    const left = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, u.user.id));
    expect(left.map((r) => r.key)).toEqual([live]);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
