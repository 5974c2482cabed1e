import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { createAuthRepository } from './auth-repository.js';
import { createAuthService } from './auth-service.js';
import { authRoutes } from './auth-routes.js';
import { createUsersRepository } from '../users/users-repository.js';
import { createUsersService } from '../users/users-service.js';
import { usersRoutes } from '../users/users-routes.js';
import { createAvatarRepository } from '../users/avatar-repository.js';
import { createAvatarService } from '../users/avatar-service.js';
import { avatarRoutes } from '../users/avatar-routes.js';
import { createPreferencesRepository } from '../preferences/preferences-repository.js';
import { preferencesRoutes } from '../preferences/preferences-routes.js';

/** Accounts: sign-up, codes, sign-in, password reset and the profile, wired once and registered under /api. */
export async function registerAccountModules(api: FastifyInstance, deps: AppDeps) {
  const { db, env, sessions, outbox, outboxWorker, rateLimitStore, storage } = deps;
  const usersRepository = createUsersRepository(db);
  const users = createUsersService({ db, repository: usersRepository });
  const auth = createAuthService({
    db,
    repository: createAuthRepository(db),
    usersRepository,
    users,
    sessions,
    outbox,
    notifyOutbox: () => outboxWorker.nudge(),
    rateLimitStore,
    limits: {
      signInPerMinute: env.SIGNIN_RATE_LIMIT_PER_MINUTE,
      codeChecksPerMinute: env.CODE_CHECK_RATE_LIMIT_PER_MINUTE,
      codeSendsPerMinute: env.CODE_SEND_RATE_LIMIT_PER_MINUTE,
      maxConsecutiveFailures: env.SIGNIN_MAX_CONSECUTIVE_FAILURES,
      smsCodesPerHour: env.CODE_SMS_BUDGET_PER_HOUR,
      smsCodesPerPrefixPerHour: env.CODE_SMS_BUDGET_PER_PREFIX_PER_HOUR,
    },
    log: api.log,
  });
  await api.register(authRoutes(auth, sessions));
  const avatars = createAvatarService({
    storage,
    repository: createAvatarRepository(db),
    getProfile: users.getProfile,
    log: api.log,
  });
  await api.register(usersRoutes(users, auth, avatars));
  await api.register(avatarRoutes(avatars));
  await api.register(preferencesRoutes(createPreferencesRepository(db)));
  // The first sign-in should not pay for computing the dummy hash that keeps failures equally slow.
  api.addHook('onReady', async () => {
    void auth.warmUp();
  });
}
