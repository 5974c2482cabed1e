import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PROJECT_ROOT } from '../lib/project-root.js';


const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached for a year, `/` as the prerendered landing page,
 * and `app.html` (the bare shell) for every other client-side route.
 */
export async function registerServeWeb(app: FastifyInstance, webDistSetting: string) {
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
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath);
      if (relative.startsWith('assets' + path.sep)) reply.header('cache-control', IMMUTABLE);
      else if (relative.startsWith('locales' + path.sep)) reply.header('cache-control', 'public, max-age=300, must-revalidate');
      else reply.header('cache-control', NO_CACHE);
    },
  });

  // wildcard:false registers each existing file at start; the routes below add the HTML entry points.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));

  const sendShell = (reply: FastifyReply) => reply.sendFile('app.html');
  return { sendShell };
}
