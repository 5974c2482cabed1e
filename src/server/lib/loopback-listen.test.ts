import { createServer } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnMissingLoopbacks, listeningPort, type ExtraListeners } from './loopback-listen.js';

function hasIpv6Loopback(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => probe.close(() => resolve(true)));
  });
}

const app = Fastify();
app.get('/ping', async () => ({ pong: true }));
let extra: ExtraListeners | undefined;

afterEach(async () => {
  extra?.stopAccepting();
  await app.close();
  extra?.closeAll();
});

describe('listenOnMissingLoopbacks', () => {
  it('adds the loopback address the app lacks, on its port, answered by the same routes', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = listeningPort(app, 0);
    extra = await listenOnMissingLoopbacks(app, port);
    // 127.0.0.1 is the app's own already; only ::1 is added, where the machine has it.
    expect(extra.addresses).not.toContain('127.0.0.1');
    const hosts = ['127.0.0.1'];
    if (await hasIpv6Loopback()) {
      expect(extra.addresses).toEqual(['::1']);
      hosts.push('[::1]');
    }
    for (const host of hosts) {
      const response = await fetch(`http://${host}:${port}/ping`);
      expect(await response.json(), host).toEqual({ pong: true });
    }
  });
});
