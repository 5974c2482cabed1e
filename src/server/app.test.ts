import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test/test-app.js';
import { databaseOptionsOf, loadEnv, ConfigError } from './config/env.js';
import { HYDRATE_AFTER_LOAD_SCRIPT } from '../shared/deferred-hydration.js';
import { THEME_INIT_SCRIPT } from '../shared/theme-init.js';

describe('API foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown /api route with a 404 JSON envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ success: false, data: null, code: 'ROUTE_NOT_FOUND' });
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('rejects a wrong content type with a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('rejects an oversized body with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ identifier: 'x'.repeat(4096), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends JSON the REST security headers: nothing may load or frame it, nothing caches it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends documents a strict CSP: scripts from our origin only, no inline script but the theme\'s and the landing page\'s start, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    const [themeHash, startHash] = [THEME_INIT_SCRIPT, HYDRATE_AFTER_LOAD_SCRIPT].map((script) =>
      createHash('sha256').update(script).digest('base64'),
    );
    expect(csp).toContain(`script-src 'self' 'sha256-${themeHash}' 'sha256-${startHash}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends HSTS only over HTTPS (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });

  it('compresses JSON responses with brotli or gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).paths['/api/health']).toBeDefined();
  });

  it('echoes a safe incoming request id and invents one otherwise', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const evil = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(evil.headers['x-request-id']).not.toBe('a b\nc');
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lf-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><p>landing</p>');
    writeFileSync(path.join(dir, 'app.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    writeFileSync(path.join(dir, 'assets', 'main-abc123.css'), 'p{color:red}');
    mkdirSync(path.join(dir, 'locales', 'en-US'), { recursive: true });
    writeFileSync(path.join(dir, 'locales', 'en-US', 'translation.json'), '{"hello":"Hello"}');
    // An SVG opened on its own is a document that can run script: it keeps the document headers.
    writeFileSync(path.join(dir, 'assets', 'icon-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves / uncached and hashed assets as immutable', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('landing');
    expect(home.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    const locale = await t.app.inject({ method: 'GET', url: '/locales/en-US/translation.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(locale.headers.etag).toBeDefined();
  });

  it('sends scripts and stylesheets only the headers that mean something for them (no request id), documents the full set', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-request-id']).toBeUndefined();
    const style = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.css' });
    expect(style.headers['content-type']).toMatch(/text\/css/);
    expect(style.headers['content-security-policy']).toBeUndefined();
    expect(style.headers['x-content-type-options']).toBe('nosniff');
    const icon = await t.app.inject({ method: 'GET', url: '/assets/icon-abc123.svg' });
    expect(icon.headers['content-type']).toMatch(/svg/);
    expect(icon.headers['content-security-policy']).toContain("default-src 'self'");
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
    expect(home.headers['x-frame-options']).toBe('DENY');
    expect(home.headers['x-request-id']).toBeTruthy();
  });

  it('answers client-side routes with the app shell and unknown API routes with JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/wallet' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('test mode (sandbox payments) on every page', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'lf-web-test-mode-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n<html lang="en-US"><body><p>landing</p></body></html>');
    writeFileSync(path.join(dir, 'app.html'), '<!doctype html>\n<html lang="en-US"><body><div id="root"></div></body></html>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['the sandbox gateway is in use', { PAYMENT_GATEWAY: 'sandbox' }, true],
    ['a demo deployment chose the sandbox in production', { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }, true],
    ['Paystack takes the payments', { PAYSTACK_SECRET_KEY: 'sk_test_x' }, false],
  ])('marks the landing page and the app shell (or not) when %s', async (_label, overrides, isMarked) => {
    const t = await createTestApp({ WEB_DIST: dir, ...overrides });
    try {
      for (const url of ['/', '/dashboard/my-deliveries', '/auth']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
        expect(body).toContain(url === '/' ? 'landing' : 'id="root"');
        expect(body.includes('<html data-test-mode="" lang="en-US">'), url).toBe(isMarked);
      }
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('fails with a message naming each bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('has working defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.HOST).toBe('localhost');
    expect(env.PAYMENT_GATEWAY).toBe('sandbox');
    expect(env.DATABASE_STATEMENT_TIMEOUT_MS).toBe(10_000);
  });

  it('keeps reads apart from write transactions: the lanes must leave the read pool at least 2 connections', () => {
    const env = loadEnv({});
    expect(databaseOptionsOf(env)).toMatchObject({
      poolMax: 20,
      writeConnections: 10,
      poolWaitMs: 800,
      writeWaitMs: 5_000,
      readStatementTimeoutMs: 3_000,
      statementTimeoutMs: 10_000,
      lockTimeoutMs: 2_000,
    });
    expect(loadEnv({ DATABASE_POOL_MAX: '12', DATABASE_MONEY_WRITES_MAX: '6', DATABASE_OTHER_WRITES_MAX: '4' }).DATABASE_POOL_MAX).toBe(12);
    expect(() => loadEnv({ DATABASE_POOL_MAX: '11', DATABASE_MONEY_WRITES_MAX: '6', DATABASE_OTHER_WRITES_MAX: '4' })).toThrow(
      /DATABASE_POOL_MAX: must leave at least 2 connections for reads/,
    );
    expect(() => loadEnv({ DATABASE_POOL_WAIT_MS: 'soon' })).toThrow(/DATABASE_POOL_WAIT_MS/);
  });

  it('listens on every interface by default only in production', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('localhost');
    expect(loadEnv({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '192.168.1.20' }).HOST).toBe('192.168.1.20');
  });

  it('takes no test money in production: Paystack is required unless the sandbox is chosen explicitly', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PAYSTACK_SECRET_KEY: required when NODE_ENV=production/);
    expect(loadEnv({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' }).PAYMENT_GATEWAY).toBe('paystack');
    expect(loadEnv({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadEnv({ PAYSTACK_SECRET_KEY: 'sk_test_x' }).PAYMENT_GATEWAY).toBe('paystack');
    expect(loadEnv({ PAYSTACK_SECRET_KEY: 'sk_test_x', PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY: required when PAYMENT_GATEWAY=paystack/);
    expect(() => loadEnv({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', DEV_OUTBOX: 'on' })).toThrow(/DEV_OUTBOX/);
  });

  it('reads TRUST_PROXY as no proxy, a number of hops (true is one) or proxy addresses and CIDR ranges', () => {
    expect(loadEnv({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(loadEnv({ TRUST_PROXY: ' 10.0.0.0/8,127.0.0.1 , 2001:db8::/32' }).TRUST_PROXY).toEqual({
      kind: 'addresses',
      ranges: [
        { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
        { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
        { address: '2001:db8::', prefix: 32, family: 'ipv6' },
      ],
    });
    expect(loadEnv({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toMatchObject({ kind: 'addresses', ranges: { length: 6 } });
  });

  it.each(['yes', 'TRUE', '11', '-1', '1.5', '10.0.0.0/33', '10.0.0.0/8,', '0.0.0.0/0', '::/0', 'proxy.internal', '10.0.0.1/8/2', 'fe80::1%eth0', '10.0.0.0/08x'])(
    'refuses TRUST_PROXY=%s at start, naming it',
    (value) => {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/^ {2}TRUST_PROXY: must be false, true \(one proxy\), a number of proxies/m);
    },
  );

  it('reports per-variable and cross-variable problems together, one line each', () => {
    let message = '';
    try {
      loadEnv({ NODE_ENV: 'production', PORT: 'eighty', PAYMENT_GATEWAY: 'stripe', DEV_OUTBOX: 'on', DATABASE_STATEMENT_TIMEOUT_MS: 'soon' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const lines = message.split('\n').slice(1);
    expect(lines.map((line) => line.trim().split(':')[0]).sort()).toEqual(
      ['DATABASE_STATEMENT_TIMEOUT_MS', 'DEV_OUTBOX', 'PAYMENT_GATEWAY', 'PORT'].sort(),
    );
    const withoutKey = (() => {
      try {
        loadEnv({ NODE_ENV: 'production', PORT: 'eighty' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(withoutKey).toMatch(/PORT:/);
    expect(withoutKey).toMatch(/PAYSTACK_SECRET_KEY:/);
  });
});
