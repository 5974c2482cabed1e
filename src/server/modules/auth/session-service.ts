import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionRepository } from './session-repository.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { SESSION_COOKIE, type SignedInUser } from '../../lib/signed-in-user.js';

export { SESSION_COOKIE, type SignedInUser };
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie lives until the browser closes; the server ends it after 12 hours regardless. */
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
/**
 * Every private request resolves its session; a few seconds of memory halve the queries of hot reads.
 * Revocation clears the cache at once, on every instance when the invalidation bus spans them (REDIS_URL); a
 * lost message is bounded by the TTL.
 */
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** Withdrawals and payout-account changes need the password proved within this long (step-up). */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

export function createSessionService(
  repository: SessionRepository,
  options: { secureCookies: boolean; invalidationBus?: InvalidationBus },
) {
  // Keyed by the token itself, which only ever lives in this process's memory (the database keeps its hash):
  // a cache hit then costs no hashing.
  const cache = new Map<string, { user: SignedInUser; until: number }>();
  const forgetSessions = () => cache.clear();
  options.invalidationBus?.subscribe('sessions', forgetSessions);
  const sessionsRevoked = () =>
    options.invalidationBus ? options.invalidationBus.publish('sessions', 'revoked') : forgetSessions();

  return {
    /** After a user's roles change (a driver approved): cached sessions are read again, with the new roles. */
    rolesChanged: sessionsRevoked,

    /**
     * An approved application grants the driver role: sessions cached with the old roles are read again at once. A
     * deleted account's sessions ended in its transaction; a request that cached one meanwhile is forgotten too.
     */
    subscribe(events: Pick<DomainEvents, 'onPublisher'>) {
      events.onPublisher('partner.application_decided', (event) => {
        if (event.decision === 'approved') sessionsRevoked();
      });
      events.onPublisher('user.deleted', sessionsRevoked);
    },

    async startSession(userId: string, persistent: boolean, tx?: Executor) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + (persistent ? REMEMBER_MS : BROWSER_SESSION_MS));
      await repository.insertSession({ userId, tokenHash: sha256(token), persistent, expiresAt }, tx);
      return { token, expiresAt, persistent };
    },

    /** The user of a session this instance saw moments ago, without a query; undefined when it must look. */
    cachedUser(token: string): SignedInUser | undefined {
      const cached = cache.get(token);
      return cached && cached.until > Date.now() ? cached.user : undefined;
    },

    async resolveToken(token: string): Promise<SignedInUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const now = Date.now();
      const cached = cache.get(token);
      if (cached && cached.until > now) return cached.user;
      const row = await repository.findLiveSession(sha256(token), new Date(now));
      if (!row) {
        cache.delete(token);
        return null;
      }
      const user = { id: row.userId, sessionId: row.sessionId, roles: row.roles };
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(token, { user, until: Math.min(now + SESSION_CACHE_TTL_MS, row.expiresAt.getTime()) });
      return user;
    },

    /** Step-up: throws REAUTH_REQUIRED unless the password was proved on this session in the last 5 minutes. */
    async requireRecentSignIn(sessionId: string, now = new Date()) {
      const at = await repository.findAuthenticatedAt(sessionId);
      if (!at || now.getTime() - at.getTime() > STEP_UP_WINDOW_MS) {
        throw new AppError('REAUTH_REQUIRED',  { type: 'reauth_required' });
      }
    },

    async markReauthenticated(sessionId: string, at = new Date()) {
      await repository.markReauthenticated(sessionId, at);
      return { reauthenticatedAt: at.toISOString(), validUntil: new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString() };
    },

    async revokeSession(sessionId: string, tx?: Executor) {
      await repository.revokeSession(sessionId, new Date(), tx);
      sessionsRevoked();
    },
    async revokeAllForUser(userId: string, tx?: Executor) {
      await repository.revokeAllForUser(userId, new Date(), tx);
      sessionsRevoked();
    },
    async revokeOtherSessions(userId: string, keepSessionId: string, tx?: Executor) {
      await repository.revokeOthersForUser(userId, keepSessionId, new Date(), tx);
      sessionsRevoked();
    },

    setSessionCookie(reply: FastifyReply, session: { token: string; expiresAt: Date; persistent: boolean }) {
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        ...(session.persistent ? { expires: session.expiresAt } : {}),
      });
    },

    clearSessionCookie(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies });
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
