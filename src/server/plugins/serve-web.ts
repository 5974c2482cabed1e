import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PROJECT_ROOT } from '../lib/project-root.js';


const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ServeWebOptions {
  /** Payments go to the sandbox: every page carries `<html data-test-mode>`, which shows the test-mode banner. */
  isTestMode: boolean;
}

/** The flag goes on the root element, so the prerendered landing page shows the banner before any script runs. */
export const markTestMode = (html: string) => html.replace(/<html\b/i, '<html data-test-mode=""');

/**
 * Serves the built SPA: hashed assets cached for a year, `/` as the prerendered landing page,
 * and `app.html` (the bare shell) for every other client-side route.
 */
export async function registerServeWeb(app: FastifyInstance, webDistSetting: string, options: ServeWebOptions) {
  const webDist = path.resolve(PROJECT_ROOT, webDistSetting);
  const isBuilt = existsSync(path.join(webDist, 'index.html'));
  if (!isBuilt) {
    app.log.warn({ webDist }, 'web app is not built; only the API is served');
    return { sendShell: undefined };
  }

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    globIgnore: ['assets/**'],
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath);
      if (relative.startsWith('locales' + path.sep)) reply.header('cache-control', 'public, max-age=300, must-revalidate');
      else reply.header('cache-control', NO_CACHE);
    },
  });
  // Hashed assets never change under their name and are cached for a year without asking again, so a validator
  // (etag, last-modified) or byte ranges would only add about 100 bytes to each of a page's dozens of responses.
  await app.register(fastifyStatic, {
    root: path.join(webDist, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders(reply) {
      reply.header('cache-control', IMMUTABLE);
    },
  });

  // wildcard:false registers each existing file at start; the routes below add the HTML entry points.
  if (options.isTestMode) {
    // Marked once at start and kept in memory; compressed on the way out like any other response.
    const marked = (file: string) => {
      const full = path.join(webDist, file);
      return existsSync(full) ? markTestMode(readFileSync(full, 'utf8')) : undefined;
    };
    const landing = marked('index.html')!;
    const shell = marked('app.html');
    const sendHtml = (reply: FastifyReply, html: string) =>
      reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendHtml(reply, landing));
    const sendShell = (reply: FastifyReply) => (shell === undefined ? reply.sendFile('app.html') : sendHtml(reply, shell));
    return { sendShell };
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));

  const sendShell = (reply: FastifyReply) => reply.sendFile('app.html');
  return { sendShell };
}
