import { describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import { sendWebhook } from './webhook-sender.js';
import { embeddedIpv4, isAllowedAddress, resolveTarget, type Resolver } from './webhook-targets.js';

const production = { allowLoopback: false };
const development = { allowLoopback: true };

describe('webhook targets', () => {
  it('reads the IPv4 address inside IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('0:0:0:0:0:ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('::10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('2002:0a00:0001::1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2a00:1450:4001:81b::200e')).toBeNull();
    expect(embeddedIpv4('::1')).toBeNull();
  });

  it('refuses every non-public range, in IPv4 and IPv6 and mapped forms, and allows loopback only in development', () => {
    for (const address of ['10.0.0.1', '172.31.255.255', '192.168.0.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0', '224.0.0.251', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', '64:ff9b::a00:1', '2002:a9fe:a9fe::1']) {
      expect(isAllowedAddress(address, production), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '102.89.34.1', '100.128.0.1', '172.32.0.1', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8']) {
      expect(isAllowedAddress(address, production), address).toBe(true);
    }
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isAllowedAddress(address, development), address).toBe(true);
    for (const address of ['10.0.0.1', '169.254.169.254', 'fe80::1', '::ffff:192.168.1.1']) expect(isAllowedAddress(address, development), address).toBe(false);
    expect(isAllowedAddress('not-an-ip', development)).toBe(false);
  });

  it('checks every address a name resolves to, at each resolution (DNS can change), and keeps the one it checked', async () => {
    const answers: { address: string; family: number }[][] = [
      [{ address: '102.89.34.1', family: 4 }],
      [{ address: '102.89.34.1', family: 4 }, { address: '10.0.0.7', family: 4 }],
      [{ address: '127.0.0.1', family: 4 }],
    ];
    const resolver: Resolver = async () => answers.shift() ?? [];
    expect(await resolveTarget('https://hooks.example.ng/x', production, resolver)).toMatchObject({ address: '102.89.34.1', family: 4 });
    expect(await resolveTarget('https://hooks.example.ng/x', production, resolver)).toEqual({ refused: 'WEBHOOK_URL_FORBIDDEN' });
    expect(await resolveTarget('https://hooks.example.ng/x', production, resolver)).toEqual({ refused: 'WEBHOOK_URL_FORBIDDEN' });
    expect(await resolveTarget('https://hooks.example.ng/x', production, resolver)).toEqual({ refused: 'WEBHOOK_URL_UNRESOLVABLE' });
    const failing: Resolver = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await resolveTarget('https://nowhere.example.ng/x', production, failing)).toEqual({ refused: 'WEBHOOK_URL_UNRESOLVABLE' });
    expect(await resolveTarget('http://102.89.34.1/x', production, resolver)).toEqual({ refused: 'WEBHOOK_URL_NOT_HTTPS' });
  });

  it('connects to the checked address without looking the name up again', async () => {
    const receiver = await startWebhookReceiver();
    try {
      // `.invalid` never resolves: the request can only arrive if the checked address is used as it is.
      const url = new URL(`http://hooks.lanefreight.invalid:${receiver.port}/x`);
      const outcome = await sendWebhook({ url, address: '127.0.0.1', family: 4 }, { 'lanefreight-event-id': 'e1' }, '{"id":"e1"}');
      expect(outcome).toMatchObject({ statusCode: 200, error: null });
      expect(receiver.received[0]?.headers.host).toBe(`hooks.lanefreight.invalid:${receiver.port}`);
    } finally {
      await receiver.close();
    }
  });

  it('gives up on a receiver that does not answer in time, and reports a refused connection', async () => {
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const slow = await sendWebhook({ url: new URL(`http://127.0.0.1:${port}/`), address: '127.0.0.1', family: 4 }, {}, '{}', 300);
      expect(slow).toMatchObject({ statusCode: null, error: 'timed out after 0.3 s' });
    } finally {
      silent.close();
    }
    const refused = await sendWebhook({ url: new URL(`http://127.0.0.1:${port}/`), address: '127.0.0.1', family: 4 }, {}, '{}', 2_000);
    expect(refused).toMatchObject({ statusCode: null, error: 'connection failed (ECONNREFUSED)' });
  });
});
