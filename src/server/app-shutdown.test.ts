import { describe, expect, it } from 'vitest';
import { loadEnv } from './config/env.js';
import { buildApp } from './app.js';

describe('shutting down', () => {
  it('lets background work in flight finish before it closes the database', async () => {
    // The app opens and closes its own database here (none handed in), as `npm start` does.
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    const { app, database, jobs } = await buildApp({ env, logger: false });
    const happened: string[] = [];
    const closeDatabase = database.close;
    database.close = async () => {
      happened.push('database closed');
      await closeDatabase();
    };
    // The webhook worker's next round is held until the shutdown has begun, then reads the database.
    const relayOnce = jobs.webhooks.relayOnce;
    let roundStarted!: () => void;
    const started = new Promise<void>((resolve) => (roundStarted = resolve));
    let beginShutdown!: () => void;
    const shutdownBegun = new Promise<void>((resolve) => (beginShutdown = resolve));
    jobs.webhooks.relayOnce = async (at) => {
      roundStarted();
      await shutdownBegun;
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        const relayed = await relayOnce(at);
        happened.push('round finished');
        return relayed;
      } catch (err) {
        happened.push(`round failed: ${(err as Error).message}`);
        throw err;
      }
    };

    await app.ready();
    await started;
    const closing = app.close();
    beginShutdown();
    await closing;

    expect(happened).toEqual(['round finished', 'database closed']);
  });
});
