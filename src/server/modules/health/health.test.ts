import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgresRun, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health (liveness)', () => {
  it('answers ok from the process alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('stays ok when the database is gone: restarting the server would not bring it back', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/health/ready (readiness)', () => {
  it('is ready when the database answers, with its latency, the pools and the write lanes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ status: 'ready', reasons: [] });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    if (isPostgresRun) {
      expect(body.pools.reads).toMatchObject({ max: expect.any(Number), waiting: 0 });
      expect(body.pools.writes.max).toBeGreaterThan(0);
      expect(body.writeLanes).toMatchObject({ money: { max: 6, running: 0, waiting: 0 }, other: { max: 4 } });
    } else {
      expect(body).toMatchObject({ pools: null, writeLanes: null });
    }
  });

  it('answers 503 not_ready when the database is unreachable', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        reasons: ['database_unreachable'],
        database: { latencyMs: null },
      });
    } finally {
      await other.close();
    }
  });
});
