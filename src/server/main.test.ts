import { afterEach, describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { connect, createServer } from 'node:net';
import { freePort, spawnServer, waitUntilListening, type SpawnedServer } from './test/spawn-server.js';

const BASE_ENV = { DATA_DIR: 'memory://', WEB_DIST: 'no-web-build-here', LOG_LEVEL: 'info' };
/** Each start compiles the server with tsx and migrates a fresh database: slow on a busy machine. */
const START_TIMEOUT_MS = 120_000;

/** An address of this machine that other machines could reach, if it has one. */
function externalAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (!entry.internal && entry.family === 'IPv4') return entry.address;
  }
  return undefined;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Whether this machine has ::1 at all (a container may not). */
function hasIpv6Loopback(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => probe.close(() => resolve(true)));
  });
}

let server: SpawnedServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('starting the server (src/server/main.ts)', () => {
  it('reports every configuration problem in one message and exits non-zero', async () => {
    server = spawnServer({
      ...BASE_ENV,
      NODE_ENV: 'production',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db.example/lanefreight',
      DEV_OUTBOX: 'yes',
      DATABASE_STATEMENT_TIMEOUT_MS: '-1',
      TRUST_PROXY: 'yes',
    });
    const code = await server.exited;
    expect(code).not.toBe(0);
    const output = server.output();
    for (const name of ['PORT', 'DATABASE_URL', 'DEV_OUTBOX', 'DATABASE_STATEMENT_TIMEOUT_MS', 'PAYSTACK_SECRET_KEY', 'TRUST_PROXY']) {
      expect(output).toContain(`${name}:`);
    }
    expect(output.match(/Invalid configuration/g)).toHaveLength(1);
  }, START_TIMEOUT_MS);

  it('refuses production without PAYSTACK_SECRET_KEY, naming it', async () => {
    server = spawnServer({ ...BASE_ENV, NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PAYSTACK_SECRET_KEY: required when NODE_ENV=production/);
  }, START_TIMEOUT_MS);

  it('listens on loopback only by default, as localhost, 127.0.0.1 and ::1, with the dev outbox', async () => {
    const port = await freePort();
    server = spawnServer({ ...BASE_ENV, PORT: String(port) });
    await waitUntilListening(server);

    // localhost is both loopback addresses, whichever of them this machine's resolver lists for it.
    const hosts = ['127.0.0.1', 'localhost', ...((await hasIpv6Loopback()) ? ['[::1]'] : [])];
    for (const host of hosts) {
      const health = await fetch(`http://${host}:${port}/api/health`);
      expect(health.status, host).toBe(200);
      const outbox = await fetch(`http://${host}:${port}/api/dev/messages?to=a@b.ng`);
      expect(outbox.status, host).toBe(200);
    }
    const external = externalAddress();
    if (external) expect(await canConnect(external, port)).toBe(false);
    expect(server.output()).not.toMatch(/dev outbox not served/);
    // One plain line besides the JSON logs: the app's address (PUBLIC_URL follows PORT) and the mailbox's.
    expect(server.output()).toContain(
      `Lanefreight is running at http://localhost:${port}; dev mailbox (codes, receipts): http://localhost:${port}/dev/mailbox\n`,
    );
  }, START_TIMEOUT_MS);

  it('on another interface serves no dev outbox unless DEV_OUTBOX=on, and says why at start', async () => {
    const port = await freePort();
    server = spawnServer({ ...BASE_ENV, PORT: String(port), HOST: '0.0.0.0' });
    await waitUntilListening(server);
    const outbox = await fetch(`http://127.0.0.1:${port}/api/dev/messages?to=a@b.ng`);
    expect(outbox.status).toBe(404);
    const page = await fetch(`http://127.0.0.1:${port}/dev/mailbox`);
    expect(await page.text()).not.toContain('Dev mailbox');
    expect(server.output()).toMatch(/dev outbox not served.*HOST=0\.0\.0\.0.*DEV_OUTBOX=on/);
    expect(server.output()).toContain(`Lanefreight is running at http://localhost:${port}\n`);
    await server.stop();

    server = spawnServer({ ...BASE_ENV, PORT: String(port), HOST: '0.0.0.0', DEV_OUTBOX: 'on' });
    await waitUntilListening(server);
    const allowed = await fetch(`http://127.0.0.1:${port}/api/dev/messages?to=a@b.ng`);
    expect(allowed.status).toBe(200);
  }, 2 * START_TIMEOUT_MS);
});
