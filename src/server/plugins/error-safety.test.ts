import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../config/env.js';
import { buildApp, openTestDatabase, type App } from '../test/test-app.js';
import { createUser, uniqueSuffix } from '../test/factories.js';
import { users } from '../db/schema/index.js';

/** The real app with two test-only routes, logging at info into lines this test reads. */
describe('bad input and failures: clear 4xx answers, logs without row values', () => {
  let built: App;
  let drop: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];
  const secretHash = `$argon2id$v=19$m=19456,t=2,p=1$SECRET-${uniqueSuffix()}`;
  const secretEmail = `secret-${uniqueSuffix()}@example.ng`;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: 'memory://' });
    built = await buildApp({
      env,
      database: opened.database,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    // A parameterised statement that fails on a unique index: the error carries the parameters and the row.
    built.app.post('/test/duplicate-user', async () => {
      await built.database.db.insert(users).values({ name: 'Duplicate', email: secretEmail, passwordHash: secretHash });
      return { ok: true };
    });
    // Input the database refuses as a data error, had validation let it through.
    built.app.get('/test/unvalidated-number', async (request) => {
      const { value } = request.query as { value: string };
      await built.database.db.execute(sql`select ${value}::integer`);
      return { ok: true };
    });
    await built.app.ready();
    await createUser(built.database.db, { email: secretEmail });
  });
  afterAll(async () => {
    await built?.app.close();
    await drop?.();
  });

  it('logs a 500 with its code and message, never the statement parameters or row values', async () => {
    lines.length = 0;
    const res = await built.app.inject({ method: 'POST', url: '/test/duplicate-user' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    const line = lines.find((entry) => entry.msg === 'unhandled error');
    expect(line).toBeDefined();
    const text = JSON.stringify(line);
    expect(text).not.toContain(secretHash);
    expect(text).not.toContain('SECRET-');
    expect(text).not.toContain(secretEmail);
    expect(text).not.toMatch(/"(params|parameters|detail|where|query)"/);
    const err = line!.err as { message: string; cause?: { code?: string; message?: string; constraint?: string } };
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.message).toContain('params: [redacted]');
    expect(err.cause).toMatchObject({ code: '23505' });
    expect(err.cause?.message).toMatch(/duplicate key value violates unique constraint/);
    // Nothing else written during the request quotes them either.
    expect(JSON.stringify(lines)).not.toContain(secretHash);
  });

  it('answers 400 when a value the database refuses as data reaches it, and warns about the gap', async () => {
    lines.length = 0;
    const res = await built.app.inject({ method: 'GET', url: `/test/unvalidated-number?value=${secretEmail}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const line = lines.find((entry) => entry.msg === 'input reached the database unvalidated');
    expect(line).toMatchObject({ level: 40 });
    expect(JSON.stringify(line)).not.toContain(secretEmail);
  });

  it('refuses NUL bytes and lone surrogates anywhere in the input with VALIDATION_FAILED and the field', async () => {
    const register = await built.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Ada\u0000Obi', email: `ada-${uniqueSuffix()}@example.ng`, password: 'Cargo-Lagos-2026!' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Contains characters that are not allowed.',
      details: { name: ['Contains characters that are not allowed.'] },
    });

    const login = await built.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":"ada\\ud800@example.ng","password":"x"}',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { identifier: expect.any(Array) } });

    const query = await built.app.inject({ method: 'GET', url: '/api/dev/messages?to=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { to: expect.any(Array) } });
  });

  it('refuses bodies nested deeper than any request needs', async () => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"identifier":${'['.repeat(5_000)}${']'.repeat(5_000)},"password":"x"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Nested more than 16 levels deep.' });
  });
});
