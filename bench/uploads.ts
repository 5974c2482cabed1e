/**
 * Profile picture uploads at their worst, against the real server in its own process: what decoding images costs
 * in memory while many arrive at once (docs/decisions/045).
 *
 *   npx tsx bench/uploads.ts                         PGlite (temp DATA_DIR)
 *   options: --concurrency <n> (default 16)  --rounds <n> (default 3)  --postgres <url>
 *
 * Two uploads, each sent by `concurrency` signed-in users at once, `rounds` times:
 *   - a 6000×6000 PNG (36 megapixels in about 115 KB): small on the wire, 108 MB once decoded. The avatar limit
 *     (16.7 megapixels) refuses it from its header, before any pixel is decoded.
 *   - a 4096×4096 PNG: the largest picture the limit lets through, decoded and re-encoded to 512×512 WebP. At most
 *     two decode at once; others wait in a bounded queue, and past it the answer is 503 with Retry-After.
 * The server's RSS is sampled every 25 ms throughout; the target is the server under 400 MB.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { argument, prepareDatabase, rssMb, startServer, stopServer } from './bookings.js';

export const UPLOADS_TARGETS = { rssMb: 400 };

export interface UploadScenarioResult {
  name: string;
  bytes: number;
  uploads: number;
  /** How many answers of each status, e.g. `{ 200: 30, 503: 18 }`. */
  statuses: Record<number, number>;
  maxRssMb: number;
  seconds: number;
}

export interface UploadsBenchResult {
  database: 'pglite' | 'postgres';
  concurrency: number;
  rounds: number;
  idleRssMb: number;
  maxRssMb: number;
  scenarios: UploadScenarioResult[];
}

/** A picture of one colour: what compresses best, so the most pixels per byte a PNG of this size can carry. */
async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function upload(base: string, token: string, picture: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'picture.png');
  try {
    const res = await fetch(`${base}/api/user-profile/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export async function runUploadsBench(
  options: { postgresUrl?: string; concurrency?: number; rounds?: number; log?: (line: string) => void } = {},
): Promise<UploadsBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const concurrency = options.concurrency ?? 16;
  const rounds = options.rounds ?? 3;
  const kind = options.postgresUrl ? 'postgres' : 'pglite';
  log(`[${kind}] signing in ${concurrency} users…`);
  const prepared = await prepareDatabase(options.postgresUrl, concurrency);
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const server = await startServer(prepared.dataDir, prepared.databaseUrl, port);
  const pid = server.child.pid!;
  try {
    const pictures = [
      { name: '6000×6000 PNG (36 MP), over the avatar limit', bytes: await png(6000, 6000) },
      { name: '4096×4096 PNG (16.8 MP), the largest accepted', bytes: await png(4096, 4096) },
    ];
    // One small upload first, so that the idle figure includes sharp and libvips loaded.
    await upload(server.base, prepared.tokens[0]!, await png(64, 64));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleRssMb = Math.round(rssMb(pid));

    const scenarios: UploadScenarioResult[] = [];
    for (const picture of pictures) {
      log(
        `[${kind}] ${picture.name}, ${Math.round(picture.bytes.length / 1024)} KB: ${concurrency} at once, ${rounds} times…`,
      );
      let maxRss = 0;
      const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(pid))), 25);
      const statuses: Record<number, number> = {};
      const started = performance.now();
      try {
        for (let round = 0; round < rounds; round++) {
          const answers = await Promise.all(prepared.tokens.map((token) => upload(server.base, token, picture.bytes)));
          for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } finally {
        clearInterval(sampler);
      }
      maxRss = Math.max(maxRss, rssMb(pid));
      scenarios.push({
        name: picture.name,
        bytes: picture.bytes.length,
        uploads: concurrency * rounds,
        statuses,
        maxRssMb: Math.round(maxRss),
        seconds: (performance.now() - started) / 1000,
      });
    }
    return {
      database: kind,
      concurrency,
      rounds,
      idleRssMb,
      maxRssMb: Math.max(...scenarios.map((scenario) => scenario.maxRssMb)),
      scenarios,
    };
  } finally {
    await stopServer(server.child);
    await prepared.drop();
  }
}

export function formatUploadsBench(results: UploadsBenchResult[]): string {
  const mark = (okay: boolean) => (okay ? ' ✓' : ' ✗');
  return results
    .map((r) =>
      [
        `${r.database}: ${r.concurrency} avatar uploads at once, ${r.rounds} rounds per picture; server RSS idle ${r.idleRssMb} MB`,
        ...r.scenarios.map((s) => {
          const statuses = Object.entries(s.statuses)
            .map(([status, count]) => `${count}× ${status === '0' ? 'failed' : status}`)
            .join(', ');
          return `  ${s.name}, ${Math.round(s.bytes / 1024)} KB: ${statuses} in ${s.seconds.toFixed(1)} s; max RSS ${s.maxRssMb} MB`;
        }),
        `  server max RSS ${r.maxRssMb} MB${mark(r.maxRssMb <= UPLOADS_TARGETS.rssMb)} (target ≤ ${UPLOADS_TARGETS.rssMb} MB)`,
      ].join('\n'),
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const concurrency = Number(argument('concurrency') ?? 16);
  const rounds = Number(argument('rounds') ?? 3);
  const postgresUrl = argument('postgres');
  const results = [await runUploadsBench({ concurrency, rounds })];
  if (postgresUrl) results.push(await runUploadsBench({ concurrency, rounds, postgresUrl }));
  console.log(`\nAvatar uploads bench\n\n${formatUploadsBench(results)}`);
}
