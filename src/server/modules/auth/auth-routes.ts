import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGES, type Language } from '../../../shared/i18n.js';
import {
  emptyResultSchema,
  identifierBodySchema,
  loginBodySchema,
  registerBodySchema,
  registerResultSchema,
  resetPasswordBodySchema,
  sessionResultSchema,
  verifyOtpBodySchema,
  verifyOtpResultSchema,
  verifyResetBodySchema,
  verifyResetResultSchema,
} from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import { ok } from '../../lib/reply.js';
import type { SessionService } from './session-service.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import type { AuthService } from './auth-service.js';

/** The first supported language an Accept-Language header names (`en` counts as en-US). */
export function languageFromHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  for (const part of header.split(',').slice(0, 10)) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const exact = LANGUAGES.find((lng) => lng.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const byPrimary = LANGUAGES.find((lng) => lng.split('-')[0]!.toLowerCase() === primary);
    if (byPrimary) return byPrimary;
  }
  return undefined;
}

const TAGS = ['auth'];

export function authRoutes(auth: AuthService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Create an unverified account and send a verification code to its identifier',
          body: registerBodySchema,
          response: { 200: envelope(registerResultSchema) },
        },
      },
      async (request) => {
        const data = await auth.register(request.body, {
          ip: request.ip,
          language: languageFromHeader(request.headers['accept-language']),
        });
        return ok(data, SUCCESS_MESSAGES.registered);
      },
    );

    app.post(
      '/login',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Sign in; sets the session cookie and returns the token for API clients',
          description:
            'An account that is not verified yet answers 403 with `type: "unverified"`, and a fresh code is sent (within the resend limits).',
          body: loginBodySchema,
          response: { 200: envelope(sessionResultSchema) },
        },
      },
      async (request, reply) => {
        const { session, result } = await auth.login(request.body, { ip: request.ip });
        sessions.setSessionCookie(reply, session);
        return ok(result, SUCCESS_MESSAGES.loggedIn);
      },
    );

    app.post(
      '/verify-otp',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Verify an account with its code; optionally start a session',
          body: verifyOtpBodySchema,
          response: { 200: envelope(verifyOtpResultSchema) },
        },
      },
      async (request, reply) => {
        const { session, result } = await auth.verifyOtp(request.body);
        if (session) sessions.setSessionCookie(reply, session);
        return ok(result, SUCCESS_MESSAGES.verified);
      },
    );

    app.post(
      '/resend-verification-otp',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Send a new verification code (at most once a minute and five times an hour)',
          body: identifierBodySchema,
          response: { 200: envelope(emptyResultSchema) },
        },
      },
      async (request) => {
        await auth.resendVerificationCode(request.body.identifier, { ip: request.ip });
        return ok({}, SUCCESS_MESSAGES.codeSent);
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Send a password reset code; answers the same whether or not the account exists',
          body: identifierBodySchema,
          response: { 200: envelope(emptyResultSchema) },
        },
      },
      async (request) => {
        await auth.forgotPassword(request.body.identifier, { ip: request.ip });
        return ok({}, SUCCESS_MESSAGES.resetCodeSent);
      },
    );

    app.post(
      '/verify-reset-otp',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Exchange a reset code for a single-use reset token (valid 15 minutes)',
          body: verifyResetBodySchema,
          response: { 200: envelope(verifyResetResultSchema) },
        },
      },
      async (request) => ok(await auth.verifyResetCode(request.body), SUCCESS_MESSAGES.resetVerified),
    );

    app.post(
      '/reset-password',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Set a new password with a reset token; signs the account out everywhere',
          body: resetPasswordBodySchema,
          response: { 200: envelope(emptyResultSchema) },
        },
      },
      async (request) => {
        await auth.resetPassword(request.body);
        return ok({}, SUCCESS_MESSAGES.passwordReset);
      },
    );

    app.post(
      '/logout',
      {
        // Public so a stale cookie can always be cleared; a live session is revoked.
        config: { public: true },
        schema: { tags: TAGS, summary: 'Sign out: revoke the session and clear the cookie', response: { 200: envelope(emptyResultSchema) } },
      },
      async (request, reply) => {
        await auth.logout(request.user?.sessionId);
        sessions.clearSessionCookie(reply);
        return ok({}, SUCCESS_MESSAGES.loggedOut);
      },
    );
  };
}
