import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import { hashShortCode, randomToken, sha256, shortCodeMatches } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import { normalizeEmail, normalizeIdentifier, normalizePhone, type NormalizedIdentifier } from '../../../shared/identifiers.js';
import { FALLBACK_LANGUAGE, type Language } from '../../../shared/i18n.js';
import {
  AUTH_MESSAGE_KEYS,
  PROFILE_MESSAGE_KEYS,
  UNVERIFIED_TYPE,
  type LoginBody,
  type RegisterBody,
  type SessionResult,
} from '../../../shared/schemas/auth.js';
import type { MessageChannel } from '../../adapters/messages/index.js';
import { renderCodeMessage, type CodePurpose, type NoticeKind } from '../messages/message-templates.js';
import type { OutboxWriter } from '../messages/outbox-worker.js';
import { identifierTakenError, toUserProfile, type UsersService } from '../users/users-service.js';
import type { AuthRepository } from './auth-repository.js';
import { sendAccountNotice, type NoticeRecipient } from './account-notices.js';
import { isCommonPassword } from './common-passwords.js';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  RESEND_COOLDOWN_MS,
  RESEND_MAX_PER_HOUR,
  RESET_TOKEN_TTL_MS,
  generateCode,
} from './one-time-codes.js';
import type { SessionService, SignedInUser } from './session-service.js';

/**
 * The part of a phone number the SMS budget is counted by: the first six digits of E.164 (country code and
 * operator or area prefix, e.g. 234803 for MTN Nigeria), which is how pumping rings pick their premium ranges.
 */
export function smsBudgetPrefix(phone: string) {
  return phone.replace(/^\+/, '').slice(0, 6);
}

const isPhoneIdentifier = (identifier: string) => !identifier.includes('@');

const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;

export interface AuthServiceOptions {
  /** Every write of several statements runs in one transaction (db/transactions.ts). */
  transactions: Pick<Transactions, 'run'>;
  repository: AuthRepository;
  /** The users module's identifier locks (its service, not its repository). */
  usersRepository: Pick<UsersService, 'lockIdentifier' | 'isIdentifierTaken'>;
  users: UsersService;
  sessions: SessionService;
  outbox: OutboxWriter;
  /** Called after a commit that wrote outbox messages. */
  notifyOutbox: () => void;
  rateLimitStore: RateLimitStore;
  limits: {
    signInPerMinute: number;
    codeChecksPerMinute: number;
    codeSendsPerMinute: number;
    maxConsecutiveFailures: number;
    smsCodesPerHour: number;
    smsCodesPerPrefixPerHour: number;
  };
  log: Pick<FastifyBaseLogger, 'warn'>;
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
  const { transactions, repository, usersRepository, users, sessions, outbox, notifyOutbox, rateLimitStore, limits, log } = options;

  const signInByIp = createRateLimiter(rateLimitStore, {
    name: 'signin:ip',
    limit: limits.signInPerMinute,
    windowMs: MINUTE_MS,
  });
  const signInByIdentifier = createRateLimiter(rateLimitStore, {
    name: 'signin:id',
    limit: limits.signInPerMinute,
    windowMs: MINUTE_MS,
  });
  const codeChecksByIdentifier = createRateLimiter(rateLimitStore, {
    name: 'code-check:id',
    limit: limits.codeChecksPerMinute,
    windowMs: MINUTE_MS,
  });
  const codeSendsByIp = createRateLimiter(rateLimitStore, {
    name: 'code-send:ip',
    limit: limits.codeSendsPerMinute,
    windowMs: MINUTE_MS,
  });

  const smsCodesByPrefix = createRateLimiter(rateLimitStore, {
    name: 'code-sms:prefix',
    limit: limits.smsCodesPerPrefixPerHour,
    windowMs: HOUR_MS,
    code: 'CODE_BUDGET_EXCEEDED',
  });
  const smsCodesOverall = createRateLimiter(rateLimitStore, {
    name: 'code-sms:all',
    limit: limits.smsCodesPerHour,
    windowMs: HOUR_MS,
    code: 'CODE_BUDGET_EXCEEDED',
  });

  /**
   * Counts a code for a phone number against the hourly SMS budgets. Called whether or not an account will
   * receive the code, so a refusal says nothing about accounts. The prefix is counted first: a pumped range
   * then stops eating the overall budget once its own is spent.
   */
  async function spendSmsBudget(phone: string) {
    const prefix = smsBudgetPrefix(phone);
    for (const [scope, limiter, subject] of [
      ['prefix', smsCodesByPrefix, prefix],
      ['overall', smsCodesOverall, 'all'],
    ] as const) {
      try {
        await limiter.consume(subject);
      } catch (err) {
        log.warn({ budget: scope, prefix }, 'SMS code budget exhausted: code not sent');
        throw err;
      }
    }
  }

  const lockedError = () => new AppError('ACCOUNT_LOCKED');

  const sendNotice = (tx: Executor, account: NoticeRecipient, kind: NoticeKind) => sendAccountNotice(outbox, tx, account, kind);

  /**
   * Counts a wrong password. The attempt that reaches the limit locks the account and tells its owner once;
   * returns whether the account is locked now.
   */
  async function recordFailedSignIn(userId: string): Promise<boolean> {
    let notified = false;
    const locked = await transactions.run(async ({ tx }) => {
      const result = await repository.recordFailedSignIn(userId, limits.maxConsecutiveFailures, new Date(), tx);
      if (!result) return true;
      if (result.lockedNow) {
        const account = await repository.findPasswordState(userId, tx);
        if (account) await sendNotice(tx, account, 'account-locked');
        notified = true;
      }
      return result.lockedNow;
    });
    if (notified) {
      log.warn({ userId }, 'account locked after too many consecutive failed sign-ins');
      notifyOutbox();
    }
    return locked;
  }

  /**
   * A signed-in user's current password, checked like a sign-in: every try counts against the per-minute limit of
   * the account, a wrong one towards the lockout. Returns the account's password state.
   */
  async function checkCurrentPassword(userId: string, currentPassword: string) {
    await signInByIdentifier.consume(`user:${userId}`);
    const account = await repository.findPasswordState(userId);
    if (!account) throw new AppError('UNAUTHENTICATED');
    if (account.lockedAt) throw lockedError();
    if (!(await verifyPassword(account.passwordHash, currentPassword))) {
      if (await recordFailedSignIn(userId)) throw lockedError();
      throw new AppError('CURRENT_PASSWORD_INCORRECT', {
        fields: { currentPassword: [PROFILE_MESSAGE_KEYS.currentPasswordIncorrect] },
      });
    }
    if (account.failedSignIns > 0 && !(await repository.clearFailedSignIns(userId))) throw lockedError();
    return account;
  }

  // Unknown identifiers are checked against this hash so a miss costs what a wrong password costs.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

  async function assertAcceptablePassword(password: string) {
    if (await isCommonPassword(password)) {
      throw new AppError('PASSWORD_TOO_COMMON', { fields: { password: [AUTH_MESSAGE_KEYS.passwordTooCommon] } });
    }
  }

  function parseIdentifier(raw: string): NormalizedIdentifier {
    const identifier = normalizeIdentifier(raw);
    if (!identifier) {
      throw new AppError('VALIDATION_FAILED', { fields: { identifier: [AUTH_MESSAGE_KEYS.identifierInvalid] } });
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
        blocked = new AppError('RESEND_TOO_SOON', { params: { seconds: wait }, retryAfterSeconds: wait });
      } else if (stats.sends >= RESEND_MAX_PER_HOUR && stats.oldest) {
        const wait = Math.max(1, Math.ceil((stats.oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
        blocked = new AppError('RESEND_LIMIT_REACHED', { retryAfterSeconds: wait });
      }
      if (blocked) {
        if (policy === 'enforce') throw blocked;
        return false;
      }
    }
    if (isPhoneIdentifier(identifier)) {
      try {
        await spendSmsBudget(identifier);
      } catch (err) {
        if (policy === 'skip-when-limited') return false;
        throw err;
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
          codeHash: hashShortCode(code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          now,
        },
        tx,
      );
      await outbox.insertMessage({ channel: recipient.channel, recipient: identifier, ...renderCodeMessage(purpose, recipient.language, code) }, tx);
    }
    return true;
  }

  /**
   * Checks a code and, when right, spends it and runs `onSuccess` in the same transaction.
   * `uniformErrors` gives every failure one answer (reset codes, whose state would reveal an account).
   */
  async function checkCode<T>(
    findCode: () => ReturnType<AuthRepository['findCode']>,
    code: string,
    uniformErrors: boolean,
    onSuccess: (tx: Executor, userId: string, identifier: string) => Promise<T>,
  ): Promise<T> {
    const fail = (kind: 'invalid' | 'expired' | 'exhausted'): never => {
      if (uniformErrors) throw new AppError('INVALID_CODE');
      if (kind === 'expired') throw new AppError('CODE_EXPIRED');
      if (kind === 'exhausted') throw new AppError('CODE_ATTEMPTS_EXCEEDED');
      throw new AppError('INVALID_CODE');
    };
    const now = new Date();
    const row = await findCode();
    if (!row || row.consumedAt) return fail('invalid');
    if (row.attempts >= CODE_MAX_ATTEMPTS) return fail('exhausted');
    if (row.expiresAt.getTime() <= now.getTime()) return fail('expired');
    if (!shortCodeMatches(row.codeHash, code)) {
      const attempts = await repository.recordWrongAttempt(row.id, CODE_MAX_ATTEMPTS);
      return fail(attempts === null || attempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'invalid');
    }
    let spent = false;
    const result = await transactions.run(async ({ tx }) => {
      spent = await repository.consumeCode(row.id, CODE_MAX_ATTEMPTS, now, tx);
      return spent ? onSuccess(tx, row.userId, row.identifier) : undefined;
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
          throw new AppError('VALIDATION_FAILED', { fields: { email: [AUTH_MESSAGE_KEYS.emailInvalid] } });
        }
      } else {
        kind = 'phone';
        column = body.phone ? 'phone' : 'whatsappNumber';
        value = normalizePhone((body.phone || body.whatsapp_number) ?? '');
        if (!value) {
          const field = body.phone ? 'phone' : 'whatsapp_number';
          throw new AppError('INVALID_PHONE', { fields: { [field]: [AUTH_MESSAGE_KEYS.phoneInvalid] } });
        }
      }
      await assertAcceptablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const language = body.language ?? context.language ?? FALLBACK_LANGUAGE;
      const channel: MessageChannel = column === 'email' ? 'email' : column === 'phone' ? 'sms' : 'whatsapp';
      const identifier = value;

      try {
        await transactions.run(async ({ tx }) => {
          await usersRepository.lockIdentifier(identifier, tx);
          if (await usersRepository.isIdentifierTaken(kind, identifier, undefined, tx)) throw identifierTakenError();
          const user = await repository.insertUser(
            { name: body.name, [column]: identifier, passwordHash, language, marketingConsent: body.marketingConsent ?? false },
            tx,
          );
          // Registration is the first send: always delivered, and counted towards the resend limits.
          await issueCode(tx, identifier, 'verify', { userId: user.id, language: user.language, channel }, 'ignore');
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw identifierTakenError();
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
      if (!owner) throw new AppError('UNAUTHENTICATED');
      await signInByIdentifier.consume((owner.email ?? owner.phone ?? owner.whatsappNumber)!);
      if (!(await verifyPassword(owner.passwordHash, password))) {
        throw new AppError('PASSWORD_INCORRECT');
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
        throw new AppError('INVALID_CREDENTIALS');
      }
      // Checked before the password, which is then not even compared: a locked account is no oracle.
      if (user.lockedAt) throw lockedError();
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        if (await recordFailedSignIn(user.id)) throw lockedError();
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (user.failedSignIns > 0 && !(await repository.clearFailedSignIns(user.id))) throw lockedError();
      if (!user.verifiedAt) {
        const target = identifier!.value;
        const sent = await transactions.run(async ({ tx }) => {
          await usersRepository.lockIdentifier(target, tx);
          return issueCode(tx, target, 'verify', { userId: user.id, language: user.language, channel: user.channel }, 'skip-when-limited');
        });
        if (sent) notifyOutbox();
        throw new AppError('ACCOUNT_UNVERIFIED', { type: UNVERIFIED_TYPE });
      }
      const session = await sessions.startSession(user.id, body.rememberMe);
      const { passwordHash: _hash, verifiedAt: _verifiedAt, channel: _channel, failedSignIns: _failed, lockedAt: _locked, ...profile } = user;
      const result: SessionResult = { token: session.token, expiresAt: session.expiresAt.toISOString(), user: toUserProfile(profile) };
      return { session, result };
    },

    async verifyOtp(body: { identifier: string; otp: string; startSession: boolean; rememberMe: boolean }) {
      const identifier = normalizeIdentifier(body.identifier);
      await codeChecksByIdentifier.consume(limitSubject(body.identifier, identifier));
      if (!identifier) throw new AppError('INVALID_CODE');
      const { userId, session } = await checkCode(() => repository.findCode(identifier.value, 'verify'), body.otp, false, async (tx, userId) => {
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
      await transactions.run(async ({ tx }) => {
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
      await transactions.run(async ({ tx }) => {
        await usersRepository.lockIdentifier(identifier.value, tx);
        await issueCode(tx, identifier.value, 'reset', recipient, 'enforce');
      });
      if (recipient) notifyOutbox();
    },

    async verifyResetCode(body: { identifier: string; otp: string }) {
      const identifier = normalizeIdentifier(body.identifier);
      await codeChecksByIdentifier.consume(limitSubject(body.identifier, identifier));
      if (!identifier) throw new AppError('INVALID_CODE');
      return checkCode(() => repository.findCode(identifier.value, 'reset'), body.otp, true, async (tx, userId) => {
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
        throw new AppError('INVALID_RESET_TOKEN');
      }
      await assertAcceptablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await transactions.run(async ({ tx }) => {
        const now = new Date();
        const userId = await repository.consumeResetToken(tokenHash, now, tx);
        if (!userId) throw new AppError('INVALID_RESET_TOKEN');
        await repository.updatePasswordHash(userId, passwordHash, now, tx);
        // The code reached the identifier's owner, which is what verification proves.
        await repository.markVerified(userId, now, tx);
        await sessions.revokeAllForUser(userId, tx);
      });
    },

    /**
     * Step one of changing the email or phone: checks the current password (wrong ones count towards the
     * lockout, as at sign-in) and sends a code to the new identifier. Nothing changes on the account yet, so the
     * identifier's real owner can still register it.
     */
    async requestIdentifierChange(
      userId: string,
      change: { kind: 'email' | 'phone'; value: string },
      currentPassword: string | undefined,
      context: RequestContext,
    ) {
      if (!currentPassword) {
        throw new AppError('VALIDATION_FAILED', { fields: { currentPassword: [PROFILE_MESSAGE_KEYS.currentPasswordRequired] } });
      }
      const account = await checkCurrentPassword(userId, currentPassword);
      await codeSendsByIp.consume(context.ip);
      const channel: MessageChannel = change.kind === 'email' ? 'email' : 'sms';
      await transactions.run(async ({ tx }) => {
        await usersRepository.lockIdentifier(change.value, tx);
        // The one intended disclosure, as at registration, and only to someone who knows this account's password.
        if (await usersRepository.isIdentifierTaken(change.kind, change.value, userId, tx)) throw identifierTakenError();
        await repository.dropPendingChanges(userId, change.value, tx);
        await issueCode(tx, change.value, 'change', { userId, language: account.language, channel }, 'enforce');
      });
      notifyOutbox();
      return { identifier: change.value, channel };
    },

    /**
     * Step two: the code proves the new identifier is the user's. It replaces the old one, the account's former
     * identifiers are told, and every other session ends.
     */
    async confirmIdentifierChange(user: Pick<SignedInUser, 'id' | 'sessionId'>, code: string) {
      await codeChecksByIdentifier.consume(`change:${user.id}`);
      let kind = 'email' as 'email' | 'phone';
      try {
        await checkCode(() => repository.findPendingChange(user.id), code, false, async (tx, userId, identifier) => {
          kind = isPhoneIdentifier(identifier) ? 'phone' : 'email';
          const before = await repository.findPasswordState(userId, tx);
          if (!before) throw new AppError('UNAUTHENTICATED');
          await usersRepository.lockIdentifier(identifier, tx);
          // Someone registered it (or confirmed it for their own account) after the code was sent.
          if (await usersRepository.isIdentifierTaken(kind, identifier, userId, tx)) throw identifierTakenError();
          await repository.setIdentifier(userId, kind, identifier, new Date(), tx);
          await repository.deleteCodesOfUser(userId, tx);
          await sendNotice(tx, before, kind === 'email' ? 'email-changed' : 'phone-changed');
          await sessions.revokeOtherSessions(userId, user.sessionId, tx);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw identifierTakenError();
        throw err;
      }
      notifyOutbox();
    },

    /**
     * Settings' change of password: the current one is checked like a sign-in (wrong ones count towards the
     * lockout, and every try against the per-minute limits), the new one meets the sign-up rule; then every other
     * session ends and the owner is told on each identifier. The session that changed it stays signed in.
     */
    async changePassword(user: Pick<SignedInUser, 'id' | 'sessionId'>, body: { currentPassword: string; password: string }, context: RequestContext) {
      await signInByIp.consume(context.ip);
      const account = await checkCurrentPassword(user.id, body.currentPassword);
      await assertAcceptablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await transactions.run(async ({ tx }) => {
        await repository.updatePasswordHash(user.id, passwordHash, new Date(), tx);
        await sessions.revokeOtherSessions(user.id, user.sessionId, tx);
        await sendNotice(tx, account, 'password-changed');
      });
      notifyOutbox();
    },

    /**
     * The current password again, for an act that cannot be undone (deleting the account, decision 059): limited and
     * counted exactly like Settings' change of password.
     */
    async confirmCurrentPassword(userId: string, currentPassword: string, context: RequestContext) {
      await signInByIp.consume(context.ip);
      await checkCurrentPassword(userId, currentPassword);
    },

    async logout(sessionId: string | undefined) {
      if (sessionId) await sessions.revokeSession(sessionId);
    },

    /** Computes the dummy hash ahead of the first unknown-identifier sign-in. */
    warmUp: () => getDummyHash().then(() => undefined),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
