import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { SESSION_COOKIE } from '../lib/signed-in-user.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Types a cross-site page cannot send without a CORS preflight (JSON), and uploads (multipart, origin-checked). */
const ACCEPTED_TYPES = new Set(['application/json', 'multipart/form-data']);

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}

/**
 * Cross-site request forgery (docs/decisions/019). A browser attaches the session cookie to whatever another site
 * makes it send; SameSite=Lax alone leaves top-level form posts from a sibling subdomain, and older browsers, open.
 * So an unsafe request that carries the cookie must be JSON (or a multipart upload) and come from our own origin:
 * `Origin` equal to PUBLIC_URL's origin or to the origin the request itself was addressed to (the Vite dev proxy
 * and 127.0.0.1 both keep the Host the browser used), or, without `Origin` (or with `Origin: null`),
 * `Sec-Fetch-Site: same-origin`.
 * Requests without the cookie (bearer-token clients, signed-out calls) have no ambient authority to abuse.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = originOf(publicUrl);

  function isSameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    // Our pages send `Referrer-Policy: no-referrer`, under which a browser's form post says `Origin: null`; the
    // browser's own Sec-Fetch-Site then tells where it came from (a sandboxed or foreign page is never same-origin).
    if (origin === undefined || origin === 'null') return request.headers['sec-fetch-site'] === 'same-origin';
    const claimed = originOf(origin);
    if (!claimed) return false;
    return claimed === publicOrigin || claimed === originOf(`${request.protocol}://${request.host}`);
  }

  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.cookies[SESSION_COOKIE] === undefined) return done();
    if (!isSameOrigin(request)) {
      return done(new AppError('CSRF_REJECTED'));
    }
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined || !ACCEPTED_TYPES.has(mediaType)) {
      // Same code and text: a signed-in change must be JSON (or multipart), which the app always sends.
      return done(new AppError('CSRF_REJECTED'));
    }
    done();
  });
}
