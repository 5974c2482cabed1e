import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HYDRATE_AFTER_LOAD_SCRIPT } from '../../shared/deferred-hydration.js';
import { THEME_INIT_SCRIPT } from '../../shared/theme-init.js';

/** The only inline scripts allowed, by their hashes: the theme set before first paint, the landing page's start. */
const INLINE_SCRIPT_SOURCES = [THEME_INIT_SCRIPT, HYDRATE_AFTER_LOAD_SCRIPT]
  .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  .join(' ');

/**
 * A strict CSP: scripts only from our origin, no inline script but those two (by their hashes), nothing from other hosts.
 * Inline *styles* stay allowed because sonner and Radix position elements with style attributes.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${INLINE_SCRIPT_SOURCES}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * Documents (HTML, images, anything a browser may open on its own) get the headers helmet's defaults would set,
 * written once: @fastify/helmet rebuilt the policy strings on every response (docs/decisions/012).
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * JSON is data, never rendered as a document: OWASP's set for REST responses, which also keeps what may be
 * personal out of every cache. Document-only headers would cost every API call bytes for nothing.
 */
export const DATA_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Scripts and stylesheets are never documents: a CSP, framing, referrer and opener rules on them do nothing (a CSP
 * on a script would only govern it as a worker, and the app starts none), but they cost about 600 bytes a request,
 * and a signed-in page loads dozens of chunks (docs/decisions/062). What still means something for a script or a
 * style: the browser must not sniff another type into it, and other origins may not load it.
 */
export const SUBRESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

const SUBRESOURCE_TYPE = /^(?:text\/css|(?:application|text)\/javascript)\b/;

const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers by what the response is, HSTS over HTTPS, and the request id, which ties a response to its log
 * lines; scripts and stylesheets go without it: they are the same file for every request, and each page loads
 * several (about 50 bytes each, docs/decisions/066).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const subresource = typeof type === 'string' && SUBRESOURCE_TYPE.test(type);
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.headers(DATA_HEADERS);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else if (subresource) {
      reply.headers(SUBRESOURCE_HEADERS);
    } else {
      // A route that sets its own policy means it (an uploaded document is sent sandboxed): it is kept.
      const ownPolicy = reply.getHeader('content-security-policy');
      reply.headers(DOCUMENT_HEADERS);
      if (ownPolicy !== undefined) reply.header('content-security-policy', ownPolicy);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (!subresource) reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
