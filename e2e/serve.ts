/** Serves the built app for the browser suite on a fresh PGlite database that is removed on exit. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-e2e-'));
process.env.DATA_DIR = dataDir;
// The whole browser suite signs in from 127.0.0.1; the per-IP sign-in limit itself is covered by the API tests.
process.env.SIGNIN_RATE_LIMIT_PER_MINUTE ??= '1000';
process.env.CODE_SEND_RATE_LIMIT_PER_MINUTE ??= '1000';
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);

// The run's accounts (e2e/operator.ts), created before the server holds the (single-process) database.
execFileSync(process.execPath, ['--import', 'tsx', 'e2e/prepare.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });

await import('../src/server/main.js');
