import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { bearerTokenOf } from '../lib/bearer-token.js';
import { SESSION_COOKIE, type SignedInUser } from '../lib/signed-in-user.js';

/** What authentication needs from the sessions module (wired in composition-root.ts). */
export interface SessionLookup {
  /** The user of a session seen moments ago, without a query; undefined when it must look. */
  cachedUser(token: string): SignedInUser | undefined;
  resolveToken(token: string): Promise<SignedInUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request with a live session; routes read it through `requireUser`. */
    user: SignedInUser | null;
  }
}

/** The session's secret: a bearer token, else the session cookie. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const bearer = bearerTokenOf(request.headers.authorization);
  // An API key (`lf_…`) is never a session: it authenticates on /api/v1 only (modules/merchant-api), nowhere here.
  if (bearer?.startsWith('lf_')) return null;
  return bearer ?? request.cookies[SESSION_COOKIE] ?? null;
}

/**
 * Deny by default: every route in this scope needs a live session unless its config says `public: true`.
 * Public routes still see `request.user` when a session is present.
 */
export function registerAuthentication(scope: FastifyInstance, sessions: SessionLookup) {
  scope.decorateRequest('user', null);
  function admit(request: FastifyRequest, user: SignedInUser | null, done: (error?: Error) => void) {
    request.user = user;
    // A path or method no route has is 404 ROUTE_NOT_FOUND for everyone, never a request to sign in.
    if (!user && request.routeOptions.config.public !== true && !request.is404) {
      done(new AppError('UNAUTHENTICATED'));
    } else {
      done();
    }
  }
  // Callback style so that a session seen moments ago costs no promise on the hottest reads.
  scope.addHook('onRequest', (request, _reply, done) => {
    const token = sessionTokenOf(request);
    if (!token) return admit(request, null, done);
    const cached = sessions.cachedUser(token);
    if (cached) return admit(request, cached, done);
    sessions.resolveToken(token).then((user) => admit(request, user, done), done);
  });
}

/** The signed-in user of a private route (the hook above guarantees one). */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

export function requireRole(request: FastifyRequest, role: string): SignedInUser {
  const user = requireUser(request);
  if (!user.roles.includes(role)) throw new AppError('FORBIDDEN');
  return user;
}
