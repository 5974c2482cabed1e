import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import { normalizeEmail, normalizeIdentifier, normalizePhone, type NormalizedIdentifier } from '../../../shared/identifiers.js';
import { FALLBACK_LANGUAGE, type Language } from '../../../shared/i18n.js';
import {
  AUTH_MESSAGES,
  UNVERIFIED_TYPE,
  type LoginBody,
  type RegisterBody,
  type SessionResult,
} from '../../../shared/schemas/auth.js';
import type { MessageChannel } from '../../adapters/messages/index.js';
import { renderCodeMessage, type CodePurpose } from '../messages/message-templates.js';
import type { OutboxWriter } from '../messages/outbox-worker.js';
import { identifierTakenError, toUserProfile, type UsersService } from '../users/users-service.js';
import type { AuthRepository } from './auth-repository.js';
import { isCommonPassword } from './common-passwords.js';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  RESEND_COOLDOWN_MS,
  RESEND_MAX_PER_HOUR,
  RESET_TOKEN_TTL_MS,
  codeMatches,
  generateCode,
  hashCode,
} from './one-time-codes.js';
import type { SessionService } from './session-service.js';

export const AUTH_TEXT = {
  invalidCredentials: 'Invalid credentials. Please try again.',
  unverified: 'Please verify your account before logging in.',
  loggedIn: 'Welcome back',
  registered: 'Registration Successful! Please check your email/phone for verification code.',
  verified: 'Your account has been verified successfully!',
  codeSent: 'A new verification code has been sent.',
  resetCodeSent: 'If an account uses this email or phone number, a password reset code has been sent to it.',
  resetVerified: 'You can now create a new password.',
  passwordReset: 'Your password has been reset. Please login with your new password.',
  loggedOut: 'You have been signed out.',
  invalidCode: 'Invalid verification code. Please try again.',
  codeExpired: 'This code has expired. Please request a new one.',
  codeAttemptsExceeded: 'Too many incorrect attempts. Please request a new code.',
  /** Reset-code failures share one answer: a code's state must not reveal that an account exists. */
  invalidResetCode: 'Invalid or expired code. Please check it or request a new one.',
  invalidResetToken: 'This password reset link is invalid or has expired. Please request a new code.',
  resendLimitReached: 'Too many codes requested. Please try again later.',
  tooManySignIns: 'Too many sign-in attempts. Please wait a minute and try again.',
  tooManyCodeChecks: 'Too many code attempts. Please wait a minute and try again.',
  tooManyCodeRequests: 'Too many requests. Please wait a minute and try again.',
} as const;

const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;

export interface AuthServiceOptions {
  db: Db;
  repository: AuthRepository;
  /** The users module's identifier locks (its service, not its repository). */
  usersRepository: Pick<UsersService, 'lockIdentifier' | 'isIdentifierTaken'>;
  users: UsersService;
  sessions: SessionService;
  outbox: OutboxWriter;
  /** Called after a commit that wrote outbox messages. */
  notifyOutbox: () => void;
  rateLimitStore: RateLimitStore;
  limits: { signInPerMinute: number; codeChecksPerMinute: number; codeSendsPerMinute: number };
}

/** Who asked, for per-client limits. */
export interface RequestContext {
  ip: string;
}

interface CodeRecipient {
  userId: string;
  language: string;
  channel: MessageChannel;
}

type LimitPolicy = 'enforce' | 'skip-when-limited' | 'ignore';

/** A key for per-identifier counters, also for input that is not a valid identifier. */
function limitSubject(raw: string, identifier: NormalizedIdentifier | null) {
  return identifier?.value ?? raw.trim().toLowerCase().slice(0, 254);
}

export function createAuthService(options: AuthServiceOptions) {
  const { db, repository, usersRepository, users, sessions, outbox, notifyOutbox, rateLimitStore, limits } = options;

  const signInByIp = createRateLimiter(rateLimitStore, {
    name: 'signin:ip',
    limit: limits.signInPerMinute,
    windowMs: MINUTE_MS,
    message: AUTH_TEXT.tooManySignIns,
  });
  const signInByIdentifier = createRateLimiter(rateLimitStore, {
    name: 'signin:id',
    limit: limits.signInPerMinute,
    windowMs: MINUTE_MS,
    message: AUTH_TEXT.tooManySignIns,
  });
  const codeChecksByIdentifier = createRateLimiter(rateLimitStore, {
    name: 'code-check:id',
    limit: limits.codeChecksPerMinute,
    windowMs: MINUTE_MS,
    message: AUTH_TEXT.tooManyCodeChecks,
  });
  const codeSendsByIp = createRateLimiter(rateLimitStore, {
    name: 'code-send:ip',
    limit: limits.codeSendsPerMinute,
    windowMs: MINUTE_MS,
    message: AUTH_TEXT.tooManyCodeRequests,
  });

  // Unknown identifiers are checked against this hash so a miss costs what a wrong password costs.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

  async function assertAcceptablePassword(password: string) {
    if (await isCommonPassword(password)) {
      throw new AppError('PASSWORD_TOO_COMMON', AUTH_MESSAGES.passwordTooCommon, {
        details: { password: [AUTH_MESSAGES.passwordTooCommon] },
      });
    }
  }

  function parseIdentifier(raw: string): NormalizedIdentifier {
    const identifier = normalizeIdentifier(raw);
    if (!identifier) {
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.identifierInvalid, {
        details: { identifier: [AUTH_MESSAGES.identifierInvalid] },
      });
    }
    return identifier;
  }

  /**
   * Records a send for `identifier` and, when there is a recipient, replaces its code and writes the message
   * to the outbox — all in the caller's transaction. Sends are counted per identifier whether or not an
   * account exists, so the limits answer the same for everyone. Returns whether a send was recorded.
   */
  async function issueCode(
    tx: Executor,
    identifier: string,
    purpose: CodePurpose,
    recipient: CodeRecipient | null,
    policy: LimitPolicy,
  ): Promise<boolean> {
    const now = new Date();
    const windowStart = new Date(now.getTime() - HOUR_MS);
    if (policy !== 'ignore') {
      const stats = await repository.codeSendStats(identifier, windowStart, tx);
      let blocked: AppError | null = null;
      if (stats.newest && now.getTime() - stats.newest.getTime() < RESEND_COOLDOWN_MS) {
        const wait = Math.max(1, Math.ceil((stats.newest.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000));
        blocked = new AppError('RESEND_TOO_SOON', `Please wait ${wait} seconds before requesting a new code.`, {
          retryAfterSeconds: wait,
        });
      } else if (stats.sends >= RESEND_MAX_PER_HOUR && stats.oldest) {
        const wait = Math.max(1, Math.ceil((stats.oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
        blocked = new AppError('RESEND_LIMIT_REACHED', AUTH_TEXT.resendLimitReached, { retryAfterSeconds: wait });
      }
      if (blocked) {
        if (policy === 'enforce') throw blocked;
        return false;
      }
    }
    await repository.recordCodeSend(identifier, purpose, now, windowStart, tx);
    if (recipient) {
      const code = generateCode();
      await repository.replaceCode(
        {
          identifier,
          purpose,
          userId: recipient.userId,
          codeHash: hashCode(code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          now,
        },
        tx,
      );
      const message = renderCodeMessage(purpose, recipient.language, code);
      await outbox.insertMessage({ channel: recipient.channel, recipient: identifier, ...message }, tx);
    }
    return true;
  }

  /**
   * Checks a code and, when right, spends it and runs `onSuccess` in the same transaction.
   * `uniformErrors` gives every failure one answer (reset codes, whose state would reveal an account).
   */
  async function checkCode<T>(
    identifier: string,
    purpose: CodePurpose,
    code: string,
    uniformErrors: boolean,
    onSuccess: (tx: Executor, userId: string) => Promise<T>,
  ): Promise<T> {
    const fail = (kind: 'invalid' | 'expired' | 'exhausted'): never => {
      if (uniformErrors) throw new AppError('INVALID_CODE', AUTH_TEXT.invalidResetCode);
      if (kind === 'expired') throw new AppError('CODE_EXPIRED', AUTH_TEXT.codeExpired);
      if (kind === 'exhausted') throw new AppError('CODE_ATTEMPTS_EXCEEDED', AUTH_TEXT.codeAttemptsExceeded);
      throw new AppError('INVALID_CODE', AUTH_TEXT.invalidCode);
    };
    const now = new Date();
    const row = await repository.findCode(identifier, purpose);
    if (!row || row.consumedAt) return fail('invalid');
    if (row.attempts >= CODE_MAX_ATTEMPTS) return fail('exhausted');
    if (row.expiresAt.getTime() <= now.getTime()) return fail('expired');
    if (!codeMatches(row.codeHash, code)) {
      const attempts = await repository.recordWrongAttempt(row.id, CODE_MAX_ATTEMPTS);
      return fail(attempts === null || attempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'invalid');
    }
    let spent = false;
    const result = await db.transaction(async (tx) => {
      spent = await repository.consumeCode(row.id, CODE_MAX_ATTEMPTS, now, tx);
      return spent ? onSuccess(tx, row.userId) : undefined;
    });
    if (!spent) return fail('invalid');
    return result as T;
  }

  async function sessionResult(session: { token: string; expiresAt: Date }, userId: string): Promise<SessionResult> {
    return { token: session.token, expiresAt: session.expiresAt.toISOString(), user: await users.getProfile(userId) };
  }

  return {
    async register(body: RegisterBody, context: RequestContext & { language?: Language }) {
      await codeSendsByIp.consume(context.ip);
      let kind: 'email' | 'phone';
      let column: 'email' | 'phone' | 'whatsappNumber';
      let value: string | null;
      if (body.email) {
        kind = 'email';
        column = 'email';
        value = normalizeEmail(body.email);
        if (!value) {
          throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.emailInvalid, { details: { email: [AUTH_MESSAGES.emailInvalid] } });
        }
      } else {
        kind = 'phone';
        column = body.phone ? 'phone' : 'whatsappNumber';
        value = normalizePhone((body.phone || body.whatsapp_number) ?? '');
        if (!value) {
          const field = body.phone ? 'phone' : 'whatsapp_number';
          throw new AppError('INVALID_PHONE', AUTH_MESSAGES.phoneInvalid, { details: { [field]: [AUTH_MESSAGES.phoneInvalid] } });
        }
      }
      await assertAcceptablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const language = body.language ?? context.language ?? FALLBACK_LANGUAGE;
      const channel: MessageChannel = column === 'email' ? 'email' : column === 'phone' ? 'sms' : 'whatsapp';
      const identifier = value;

      try {
        await db.transaction(async (tx) => {
          await usersRepository.lockIdentifier(identifier, tx);
          if (await usersRepository.isIdentifierTaken(kind, identifier, undefined, tx)) throw identifierTakenError(kind);
          const user = await repository.insertUser(
            { name: body.name, [column]: identifier, passwordHash, language, marketingConsent: body.marketingConsent ?? false },
            tx,
          );
          // Registration is the first send: always delivered, and counted towards the resend limits.
          await issueCode(tx, identifier, 'verify', { userId: user.id, language: user.language, channel }, 'ignore');
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw identifierTakenError(kind);
        throw err;
      }
      notifyOutbox();
      return { identifier, channel };
    },

    /**
     * Step-up: the signed-in user proves the password again, refreshing the session's authenticated-at. Every attempt
     * counts against the same per-minute sign-in limits as a sign-in with that identifier.
     */
    async reauthenticate(user: { id: string; sessionId: string }, password: string, context: RequestContext) {
      await signInByIp.consume(context.ip);
      const owner = await repository.findPasswordOwner(user.id);
      if (!owner) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      await signInByIdentifier.consume((owner.email ?? owner.phone ?? owner.whatsappNumber)!);
      if (!(await verifyPassword(owner.passwordHash, password))) {
        throw new AppError('PASSWORD_INCORRECT', 'That password is not correct.');
      }
      return sessions.markReauthenticated(user.sessionId);
    },

    async login(body: LoginBody, context: RequestContext) {
      const identifier = normalizeIdentifier(body.identifier);
      await signInByIp.consume(context.ip);
      await signInByIdentifier.consume(limitSubject(body.identifier, identifier));

      const user = identifier ? await repository.findUserByIdentifier(identifier) : null;
      if (!user) {
        await verifyPassword(await getDummyHash(), body.password);
        throw new AppError('INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        throw new AppError('INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
      }
      if (!user.verifiedAt) {
        const target = identifier!.value;
        const sent = await db.transaction(async (tx) => {
          await usersRepository.lockIdentifier(target, tx);
          return issueCode(tx, target, 'verify', { userId: user.id, language: user.language, channel: user.channel }, 'skip-when-limited');
        });
        if (sent) notifyOutbox();
        throw new AppError('ACCOUNT_UNVERIFIED', AUTH_TEXT.unverified, { type: UNVERIFIED_TYPE });
      }
      const session = await sessions.startSession(user.id, body.rememberMe);
      const { passwordHash: _hash, verifiedAt: _verifiedAt, channel: _channel, ...profile } = user;
      const result: SessionResult = { token: session.token, expiresAt: session.expiresAt.toISOString(), user: toUserProfile(profile) };
      return { session, result };
    },

    async verifyOtp(body: { identifier: string; otp: string; startSession: boolean; rememberMe: boolean }) {
      const identifier = normalizeIdentifier(body.identifier);
      await codeChecksByIdentifier.consume(limitSubject(body.identifier, identifier));
      if (!identifier) throw new AppError('INVALID_CODE', AUTH_TEXT.invalidCode);
      const { userId, session } = await checkCode(identifier.value, 'verify', body.otp, false, async (tx, userId) => {
        await repository.markVerified(userId, new Date(), tx);
        return { userId, session: body.startSession ? await sessions.startSession(userId, body.rememberMe, tx) : null };
      });
      return { session, result: { verified: true as const, session: session ? await sessionResult(session, userId) : null } };
    },

    async resendVerificationCode(rawIdentifier: string, context: RequestContext) {
      await codeSendsByIp.consume(context.ip);
      const identifier = parseIdentifier(rawIdentifier);
      const user = await repository.findUserByIdentifier(identifier);
      // Verified and unknown identifiers get the same answer and the same limits; only a pending account gets a code.
      const recipient = user && !user.verifiedAt ? { userId: user.id, language: user.language, channel: user.channel } : null;
      await db.transaction(async (tx) => {
        await usersRepository.lockIdentifier(identifier.value, tx);
        await issueCode(tx, identifier.value, 'verify', recipient, 'enforce');
      });
      if (recipient) notifyOutbox();
    },

    async forgotPassword(rawIdentifier: string, context: RequestContext) {
      await codeSendsByIp.consume(context.ip);
      const identifier = parseIdentifier(rawIdentifier);
      const user = await repository.findUserByIdentifier(identifier);
      const recipient = user ? { userId: user.id, language: user.language, channel: user.channel } : null;
      await db.transaction(async (tx) => {
        await usersRepository.lockIdentifier(identifier.value, tx);
        await issueCode(tx, identifier.value, 'reset', recipient, 'enforce');
      });
      if (recipient) notifyOutbox();
    },

    async verifyResetCode(body: { identifier: string; otp: string }) {
      const identifier = normalizeIdentifier(body.identifier);
      await codeChecksByIdentifier.consume(limitSubject(body.identifier, identifier));
      if (!identifier) throw new AppError('INVALID_CODE', AUTH_TEXT.invalidResetCode);
      return checkCode(identifier.value, 'reset', body.otp, true, async (tx, userId) => {
        const resetToken = randomToken();
        const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
        await repository.insertResetToken({ userId, tokenHash: sha256(resetToken), expiresAt }, new Date(), tx);
        return { resetToken, expiresAt: expiresAt.toISOString() };
      });
    },

    async resetPassword(body: { token: string; password: string }) {
      const tokenHash = sha256(body.token);
      // Checked before hashing so a flood of made-up tokens cannot keep the hashing threads busy.
      if (!(await repository.hasLiveResetToken(tokenHash, new Date()))) {
        throw new AppError('INVALID_RESET_TOKEN', AUTH_TEXT.invalidResetToken);
      }
      await assertAcceptablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const now = new Date();
        const userId = await repository.consumeResetToken(tokenHash, now, tx);
        if (!userId) throw new AppError('INVALID_RESET_TOKEN', AUTH_TEXT.invalidResetToken);
        await repository.updatePasswordHash(userId, passwordHash, now, tx);
        // The code reached the identifier's owner, which is what verification proves.
        await repository.markVerified(userId, now, tx);
        await sessions.revokeAllForUser(userId, tx);
      });
    },

    async logout(sessionId: string | undefined) {
      if (sessionId) await sessions.revokeSession(sessionId);
    },

    /** Computes the dummy hash ahead of the first unknown-identifier sign-in. */
    warmUp: () => getDummyHash().then(() => undefined),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
