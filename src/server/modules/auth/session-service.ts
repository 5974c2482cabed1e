import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { SessionRepository } from './session-repository.js';

export const SESSION_COOKIE = 'lf_session';
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie lives until the browser closes; the server ends it after 12 hours regardless. */
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export interface SignedInUser {
  id: string;
  sessionId: string;
  roles: string[];
}

export function createSessionService(repository: SessionRepository, options: { secureCookies: boolean }) {
  return {
    async startSession(userId: string, persistent: boolean, tx?: Executor) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + (persistent ? REMEMBER_MS : BROWSER_SESSION_MS));
      await repository.insertSession({ userId, tokenHash: sha256(token), persistent, expiresAt }, tx);
      return { token, expiresAt, persistent };
    },

    async resolveToken(token: string): Promise<SignedInUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const row = await repository.findLiveSession(sha256(token), new Date());
      return row ? { id: row.userId, sessionId: row.sessionId, roles: row.roles } : null;
    },

    revokeSession: (sessionId: string, tx?: Executor) => repository.revokeSession(sessionId, new Date(), tx),
    revokeAllForUser: (userId: string, tx?: Executor) => repository.revokeAllForUser(userId, new Date(), tx),

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
