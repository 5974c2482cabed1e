import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createDeliveryReadCache } from './delivery-read-cache.js';

const page = (label: string, size = 10) => ({ label, items: Array.from({ length: size }, (_, i) => `item ${i}`) });

describe('delivery read cache', () => {
  it('loads once, then answers from memory until the user is invalidated', async () => {
    const cache = createDeliveryReadCache();
    let loads = 0;
    const load = async () => page(`v${++loads}`);
    const first = await cache.render('u1', 'list', null, load);
    const second = await cache.render('u1', 'list', null, load);
    expect(loads).toBe(1);
    expect(second.body.equals(first.body)).toBe(true);
    expect(JSON.parse(first.body.toString())).toMatchObject({ label: 'v1' });

    cache.invalidate('u1');
    const third = await cache.render('u1', 'list', null, load);
    expect(JSON.parse(third.body.toString())).toMatchObject({ label: 'v2' });
  });

  it('keeps users apart: invalidating one leaves the others cached', async () => {
    const cache = createDeliveryReadCache();
    let loads = 0;
    const load = async () => page(`v${++loads}`);
    await cache.render('u1', 'list', null, load);
    await cache.render('u2', 'list', null, load);
    cache.invalidate('u1');
    await cache.render('u2', 'list', null, load);
    expect(loads).toBe(2);
  });

  it('never caches a read that raced a write: the write wins', async () => {
    const cache = createDeliveryReadCache();
    let release!: () => void;
    const slowStaleLoad = () =>
      new Promise<unknown>((resolve) => {
        release = () => resolve(page('stale'));
      });
    const racing = cache.render('u1', 'list', null, slowStaleLoad);
    cache.invalidate('u1'); // a write commits while the read is still querying
    release();
    expect(JSON.parse((await racing).body.toString())).toMatchObject({ label: 'stale' });

    const after = await cache.render('u1', 'list', null, async () => page('fresh'));
    expect(JSON.parse(after.body.toString())).toMatchObject({ label: 'fresh' });
  });

  it('does not cache failures', async () => {
    const cache = createDeliveryReadCache();
    await expect(
      cache.render('u1', 'tracking:x', null, async () => {
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    const ok = await cache.render('u1', 'tracking:x', null, async () => page('found'));
    expect(JSON.parse(ok.body.toString())).toMatchObject({ label: 'found' });
  });

  it('serves nothing older than its maximum age', async () => {
    let now = 0;
    const cache = createDeliveryReadCache({ maxAgeMs: 1_000, now: () => now });
    let loads = 0;
    const load = async () => page(`v${++loads}`);
    await cache.render('u1', 'list', null, load);
    now = 999;
    await cache.render('u1', 'list', null, load);
    expect(loads).toBe(1);
    now = 1_001;
    await cache.render('u1', 'list', null, load);
    expect(loads).toBe(2);
  });

  it('keeps nothing at a maximum age of 0: every read loads', async () => {
    const cache = createDeliveryReadCache({ maxAgeMs: 0 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.render('u1', 'list', null, load);
    await cache.render('u1', 'list', null, load);
    expect(loads).toBe(2);
    expect(cache.sizeBytes).toBe(0);
  });

  it('stays within its byte budget by evicting the least recently used user', async () => {
    const size = Buffer.byteLength(JSON.stringify(page('x', 50)));
    const cache = createDeliveryReadCache({ maxBytes: size * 2 + 10 });
    let loads = 0;
    const load = async () => page(String(++loads), 50);
    await cache.render('u1', 'list', null, load);
    await cache.render('u2', 'list', null, load);
    await cache.render('u1', 'list', null, load); // u1 is now the most recent
    await cache.render('u3', 'list', null, load); // evicts u2
    expect(cache.sizeBytes).toBeLessThanOrEqual(size * 2 + 10);
    expect(loads).toBe(3);
    await cache.render('u1', 'list', null, load);
    expect(loads).toBe(3);
    await cache.render('u2', 'list', null, load);
    expect(loads).toBe(4);
  });

  it('compresses once per encoding, and only bodies worth compressing', async () => {
    const cache = createDeliveryReadCache();
    const big = await cache.render('u1', 'list', 'br', async () => page('big', 200));
    expect(big.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.body).toString())).toMatchObject({ label: 'big' });
    const again = await cache.render('u1', 'list', 'br', async () => page('other'));
    expect(again.body).toBe(big.body);
    const gzip = await cache.render('u1', 'list', 'gzip', async () => page('other'));
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toMatchObject({ label: 'big' });

    const small = await cache.render('u1', 'tracking:x', 'br', async () => ({ tiny: true }));
    expect(small).toMatchObject({ encoding: null });
    expect(JSON.parse(small.body.toString())).toEqual({ tiny: true });
  });
});
