/**
 * Lighthouse bench for the public pages (`npm run bench:web`).
 *
 * Builds the web app, starts the real server on a free port with a throwaway DATA_DIR, runs Lighthouse
 * (mobile preset: Moto G class device, simulated slow 4G and 4x CPU slowdown) on `/`, `/auth`, a signed-in
 * customer's `/dashboard` (its session cookie set in the browser)  and the public tracking page of a
 * delivery booked and paid for the run (`/track/{id}`), prints the four category scores with each page's
 * JavaScript, CSS and total transfer sizes and every script it loaded, and exits non-zero when a page misses a
 * target (issue 24's figures, bench/README.md).
 *
 * Options: --skip-build (reuse the existing build), --runs=N (median of N runs per page, default 3),
 * --save=DIR (write each page's Lighthouse report as JSON for a closer look in the Lighthouse viewer).
 * Environment: CHROME_PATH (default /usr/bin/chromium), WEB_DIST (default dist/web), BENCH_PORT (the server's
 * port, default a free one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { COMPILED_SERVER_MAIN, compileServer } from './compiled-server.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { openDatabase } from '../src/server/db/client.js';
import { createSessionRepository } from '../src/server/modules/auth/session-repository.js';
import { createSessionService, SESSION_COOKIE } from '../src/server/modules/auth/session-service.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { BOOKING } from './bookings.js';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WEB_DIST = process.env.WEB_DIST ?? 'dist/web';
const args = process.argv.slice(2);
const SKIP_BUILD = args.includes('--skip-build');
const SAVE_DIR = args.find((arg) => arg.startsWith('--save='))?.split('=')[1];
const RUNS = Math.max(1, Number(args.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3));

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

type Targets = {
  scores: Partial<Record<Category, number>>;
  /** Bytes of JavaScript transferred (response headers included, as Lighthouse counts them). */
  maxJsBytes?: number;
  /** Bytes of everything transferred. */
  maxTotalBytes?: number;
};

const KIB = 1024;

/**
 * Issue 24 asks for performance 100 and at most 110 KiB of JavaScript on the landing page: both are stricter than
 * the earlier 98 and 120 KiB, so they are the targets. Accessibility, best practices and SEO keep the earlier ones.
 */
const LANDING_TARGETS: Targets = {
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 95 },
  maxJsBytes: 110 * KIB,
};

/** Issue 24; SEO is not judged, the sign-in page is not what search should land on. */
const AUTH_TARGETS: Targets = { scores: { performance: 90, accessibility: 100, 'best-practices': 100 } };

/** Issue 24: "≤ 250 KB of compressed JavaScript", taken as 250,000 bytes (244.1 KiB). */
const DASHBOARD_TARGETS: Targets = { scores: { performance: 90 }, maxJsBytes: 250_000 };

/** The receiver's page (docs/decisions/037): SEO is not judged, it asks not to be indexed. */
const TRACKING_TARGETS: Targets = {
  scores: { performance: 100, accessibility: 100, 'best-practices': 100 },
  maxTotalBytes: 30 * KIB,
};

type PageToAudit = { path: string; label: string; targets: Targets; signedIn?: boolean };

/** A sender with a funded wallet and a session, written before the server holds the (single-process) database. */
async function seedSender(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const user = await createUser(database.db, { name: 'Bench Sender' });
    await fundWallet(database.db, user.id, 10_000_000);
    return (await createSessionService(createSessionRepository(database.db), { secureCookies: false }).startSession(user.id, true)).token;
  } finally {
    await database.close();
  }
}

/** Books and pays one delivery for a Yorùbá-speaking receiver, over HTTP: its tracking id. */
async function paidTrackingId(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const booked = await fetch(`${baseUrl}/api/book-delivery`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...BOOKING, receiverLanguage: 'yo' }),
  });
  const { id } = ((await booked.json()) as { data: { id: string } }).data;
  const paid = await fetch(`${baseUrl}/api/payments/initiate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ deliveryId: id, method: 'wallet' }),
  });
  return ((await paid.json()) as { data: { delivery: { trackingId: string } } }).data.delivery.trackingId;
}

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`)),
    );
  });
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy within 60 s');
}

function stopServer(server: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

type SummaryItem = { resourceType: string; transferSize: number; requestCount: number };

function transferred(lhr: Result, resourceType: 'script' | 'stylesheet' | 'total') {
  const details = lhr.audits['resource-summary']?.details as { items?: SummaryItem[] } | undefined;
  const item = details?.items?.find((entry) => entry.resourceType === resourceType);
  const bytes = item?.transferSize ?? 0;
  return { bytes, kib: bytes / KIB, requests: item?.requestCount ?? 0 };
}

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number };

/** Every script the page loaded, in request order, from the `network-requests` audit. */
function scriptsLoaded(lhr: Result, baseUrl: string) {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
  return (details?.items ?? [])
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({
      name: request.url.startsWith(baseUrl) ? request.url.slice(baseUrl.length) : request.url,
      transferKiB: (request.transferSize ?? 0) / KIB,
      resourceKiB: (request.resourceSize ?? 0) / KIB,
    }));
}

function missedTargets(lhr: Result, page: PageToAudit) {
  const missed: string[] = [];
  for (const [category, target] of Object.entries(page.targets.scores) as [Category, number][]) {
    if (score(lhr, category) < target) missed.push(`${page.label} ${category} ${score(lhr, category)} < ${target}`);
  }
  const { maxJsBytes, maxTotalBytes } = page.targets;
  const js = transferred(lhr, 'script');
  if (maxJsBytes !== undefined && js.bytes > maxJsBytes)
    missed.push(`${page.label} JavaScript ${formatBytes(js.bytes)} > ${formatBytes(maxJsBytes)}`);
  const total = transferred(lhr, 'total');
  if (maxTotalBytes !== undefined && total.bytes > maxTotalBytes)
    missed.push(`${page.label} transferred ${formatBytes(total.bytes)} > ${formatBytes(maxTotalBytes)}`);
  return missed;
}

const formatBytes = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB (${(bytes / 1000).toFixed(1)} KB)`;

function describeTargets(page: PageToAudit) {
  const parts = Object.entries(page.targets.scores).map(([category, target]) =>
    target === 100 ? `${category} 100` : `${category} >= ${target}`,
  );
  if (page.targets.maxJsBytes !== undefined) parts.push(`JavaScript <= ${formatBytes(page.targets.maxJsBytes)}`);
  if (page.targets.maxTotalBytes !== undefined)
    parts.push(`everything transferred <= ${formatBytes(page.targets.maxTotalBytes)}`);
  return `Targets for ${page.label}: ${parts.join(', ')}`;
}

const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

function failingAudits(lhr: Result, category: Category) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => !!audit && audit.score !== null && audit.score < 1)
    .map(
      (audit) =>
        `${audit.id} (${Math.round((audit.score ?? 0) * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
    );
}

/**
 * Puts the sender's session cookie into the browser Lighthouse drives. Lighthouse's `extraHeaders` does not do:
 * Chromium sends the page's own (empty) cookies on its `fetch('/api/session')`, and the guard sends it to /auth.
 * Lighthouse's storage reset leaves cookies alone (its default `clearStorageTypes`), so the cookie stays for
 * every run while the cache is still emptied before each.
 */
async function signInBrowser(chromePort: number, baseUrl: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    // Only drops Playwright's connection: the browser was launched by chrome-launcher and stays.
    await browser.close();
  }
}

async function audit(url: string, port: number): Promise<Result> {
  const runs: Result[] = [];
  for (let i = 0, retries = 2; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = result.lhr.runtimeError;
    // A trace that missed the navigation (NO_NAVSTART) happens now and then on a busy machine: run it again.
    if (error?.code === 'NO_NAVSTART' && retries-- > 0) {
      i--;
      continue;
    }
    if (error) throw new Error(`${url}: ${error.message}`);
    runs.push(result.lhr);
  }
  // The median run by performance score, as Lighthouse's own docs recommend for variance.
  runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return runs[Math.floor(runs.length / 2)] as Result;
}

async function main() {
  if (!SKIP_BUILD) await run('npm', ['run', 'build'], { WEB_DIST });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-bench-web-'));
  const senderToken = await seedSender(dataDir);
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  compileServer();
  const server = spawn(process.execPath, [COMPILED_SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST },
  });

  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let failed = false;
  try {
    await waitForHealth(baseUrl, server);
    const pages: PageToAudit[] = [
      { path: '/', label: '/', targets: LANDING_TARGETS },
      { path: '/auth', label: '/auth', targets: AUTH_TARGETS },
      { path: `/track/${await paidTrackingId(baseUrl, senderToken)}`, label: '/track/{id}', targets: TRACKING_TARGETS },
      // Last: from here on the browser carries the session cookie.
      { path: '/dashboard', label: '/dashboard', targets: DASHBOARD_TARGETS, signedIn: true },
    ];
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });

    const rows: string[][] = [];
    const problems: string[] = [];
    const chunkLists: string[] = [];
    for (const page of pages) {
      if (page.signedIn) await signInBrowser(chrome.port, baseUrl, senderToken);
      const lhr = await audit(`${baseUrl}${page.path}`, chrome.port);
      // A dashboard audit that was sent back to /auth measured the wrong page.
      if (page.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== page.path)
        throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: the session cookie was not accepted`);
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true });
        const name = page.path === '/' ? 'landing' : page.path.slice(1).replace(/\//g, '-');
        writeFileSync(path.join(SAVE_DIR, `${name}.json`), JSON.stringify(lhr));
      }
      const js = transferred(lhr, 'script');
      const css = transferred(lhr, 'stylesheet');
      const total = transferred(lhr, 'total');
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      rows.push([
        page.label,
        ...CATEGORIES.map((category) => String(score(lhr, category))),
        `${js.kib.toFixed(1)} (${js.requests})`,
        `${css.kib.toFixed(1)} (${css.requests})`,
        `${total.kib.toFixed(1)} (${total.requests})`,
        `${metric('first-contentful-paint')} / ${metric('largest-contentful-paint')} / ${metric('total-blocking-time')} / ${metric('cumulative-layout-shift')}`,
      ]);
      for (const category of CATEGORIES) {
        const notes = failingAudits(lhr, category);
        if (notes.length) console.log(`${page.label} ${category}: ${notes.join('; ')}`);
      }
      problems.push(...missedTargets(lhr, page));
      const scripts = scriptsLoaded(lhr, baseUrl);
      chunkLists.push(
        [
          `${page.label}: ${scripts.length} scripts, ${js.kib.toFixed(1)} KiB transferred`,
          ...scripts.map(
            (script) =>
              `  ${script.transferKiB.toFixed(1).padStart(6)} KiB  (${script.resourceKiB.toFixed(1).padStart(6)} KiB uncompressed)  ${script.name}`,
          ),
        ].join('\n'),
      );
    }

    const header = [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'JS KiB (req)',
      'CSS KiB (req)',
      'all KiB (req)',
      'FCP / LCP / TBT / CLS',
    ];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset, transfer sizes include headers\n`,
    );
    console.log(line(header));
    console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
    rows.forEach((row) => console.log(line(row)));
    console.log('\nJavaScript per page (transfer size with headers, as Lighthouse saw it):\n');
    console.log(chunkLists.join('\n\n'));
    console.log('');
    pages.forEach((page) => console.log(describeTargets(page)));
    if (problems.length) {
      failed = true;
      console.error(`\nMissed:\n  ${problems.join('\n  ')}`);
    } else {
      console.log('All targets met.');
    }
  } finally {
    chrome?.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
