import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from './config/env.js';
import type { Database, Db } from './db/client.js';
import { createRateLimitStore, type RateLimitStore } from './lib/rate-limit.js';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation-bus.js';
import { createDomainEvents, type DomainEvents } from './lib/domain-events.js';
import { createTransactions, createWriteLane, type WriteLanes } from './db/transactions.js';
import { registerAuthentication } from './plugins/auth.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { createPayoutGateway } from './adapters/payouts/index.js';
import { createPaymentGateway } from './adapters/payments/index.js';
import { createSandboxRepository } from './adapters/payments/sandbox-repository.js';
import { createMessageTransports, devOutboxAvailability } from './adapters/messages/index.js';
import { createFileStorage, type FileStorage } from './adapters/storage/index.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { createSessionRepository } from './modules/auth/session-repository.js';
import { createSessionService, type SessionService } from './modules/auth/session-service.js';
import { createAuthRepository } from './modules/auth/auth-repository.js';
import { createAuthService } from './modules/auth/auth-service.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { createUsersRepository } from './modules/users/users-repository.js';
import { createUsersService } from './modules/users/users-service.js';
import { usersRoutes } from './modules/users/users-routes.js';
import { createAvatarRepository } from './modules/users/avatar-repository.js';
import { createAvatarService } from './modules/users/avatar-service.js';
import { avatarRoutes } from './modules/users/avatar-routes.js';
import { createPreferencesRepository } from './modules/preferences/preferences-repository.js';
import { createPreferencesService } from './modules/preferences/preferences-service.js';
import { preferencesRoutes } from './modules/preferences/preferences-routes.js';
import { createOutboxRepository, type OutboxRepository } from './modules/messages/outbox-repository.js';
import { createOutboxWorker, type OutboxWorker } from './modules/messages/outbox-worker.js';
import { devApiRoutes, devMailboxPage } from './modules/dev/dev-routes.js';
import {
  createDevOutboxRetention,
  devOutboxChannels,
  type DevOutboxRetention,
} from './modules/dev/dev-outbox-retention.js';
import { createDeliveriesRepository } from './modules/deliveries/deliveries-repository.js';
import { createDeliveriesService } from './modules/deliveries/deliveries-service.js';
import { createDeliveryReadCache } from './modules/deliveries/delivery-read-cache.js';
import { deliveriesRoutes } from './modules/deliveries/deliveries-routes.js';
import { deliveryToolsRoutes } from './modules/deliveries/delivery-tools-routes.js';
import { createDeliveryToolsService } from './modules/deliveries/delivery-tools-service.js';
import { createDeliverySearch } from './modules/deliveries/delivery-search.js';
import { createWalletRepository } from './modules/wallet/wallet-repository.js';
import { createWalletService } from './modules/wallet/wallet-service.js';
import { walletRoutes } from './modules/wallet/wallet-routes.js';
import { createWalletHistoryRepository } from './modules/wallet/wallet-history-repository.js';
import { createWalletHistory } from './modules/wallet/wallet-history.js';
import { createTopUpService } from './modules/payments/top-up-service.js';
import { topUpRoutes } from './modules/payments/top-up-routes.js';
import { createWithdrawalsRepository } from './modules/withdrawals/withdrawals-repository.js';
import { createWithdrawalsService, DEVELOPMENT_PAYOUT_ACCOUNTS_KEY } from './modules/withdrawals/withdrawals-service.js';
import {
  operatorWithdrawalsRoutes,
  transferWebhookRoutes,
  withdrawalsRoutes,
} from './modules/withdrawals/withdrawals-routes.js';
import { reauthRoutes } from './modules/auth/reauth-routes.js';
import { createNotificationsRepository } from './modules/notifications/notifications-repository.js';
import { subscribeCustomerUpdates } from './modules/messages/customer-update-subscribers.js';
import { subscribeDriverJobMessages } from './modules/messages/driver-job-messages.js';
import { subscribeReceipts } from './modules/messages/receipt-subscribers.js';
import { createReceiptsRepository } from './modules/receipts/receipts-repository.js';
import { createReceiptsService } from './modules/receipts/receipts-service.js';
import { receiptsRoutes } from './modules/receipts/receipts-routes.js';
import { subscribeApplicationDecisionMessages } from './modules/messages/application-decision-messages.js';
import { createUserMessageQueue } from './modules/messages/message-queue.js';
import { subscribeNotifications } from './modules/notifications/notification-subscribers.js';
import { notificationsRoutes } from './modules/notifications/notifications-routes.js';
import { createNotificationsService } from './modules/notifications/notifications-service.js';
import { createLiveEventsRepository } from './modules/live/live-events-repository.js';
import { createLiveService } from './modules/live/live-service.js';
import { subscribeLiveEvents } from './modules/live/live-subscribers.js';
import { createStorageSweep } from './adapters/storage/storage-sweep.js';
import { liveRoutes } from './modules/live/live-routes.js';
import { createPaymentsRepository } from './modules/payments/payments-repository.js';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments-service.js';
import { paymentsRoutes, paystackWebhookRoutes } from './modules/payments/payments-routes.js';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-routes.js';
import { payLinkPages } from './modules/payments/pay-link-routes.js';
import { createPaymentReconciler } from './modules/payments/payments-reconciler.js';
import { createTrackingService } from './modules/tracking/tracking-service.js';
import { trackingRoutes } from './modules/tracking/tracking-routes.js';
import { createPublicTrackingService, type PublicTrackingService } from './modules/tracking/public-tracking-service.js';
import { publicTrackingApiRoutes, publicTrackingPage } from './modules/tracking/public-tracking-routes.js';
import { createDriversRepository } from './modules/drivers/drivers-repository.js';
import { createDriversService } from './modules/drivers/drivers-service.js';
import { ratingsRoutes } from './modules/drivers/ratings-routes.js';
import { createDispatchService } from './modules/dispatch/dispatch-service.js';
import { dispatchRoutes } from './modules/dispatch/dispatch-routes.js';
import { boardExportRoutes, createBoardExport } from './modules/deliveries/board-export.js';
import { createPartnersRepository } from './modules/partners/partners-repository.js';
import { createPartnersService } from './modules/partners/partners-service.js';
import { operatorPartnersRoutes, partnersRoutes } from './modules/partners/partners-routes.js';
import { createDriverJobsService } from './modules/dispatch/driver-jobs-service.js';
import { driverRoutes } from './modules/dispatch/driver-routes.js';
import { createReceiverMessages } from './modules/messages/receiver-messages.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { createPeriodicJob } from './lib/periodic-job.js';
import { configuredSecretBox } from './lib/secret-box.js';
import { loadGazetteer } from './modules/places/gazetteer.js';
import { createPlacesService } from './modules/places/places-service.js';
import { placesRoutes } from './modules/places/places-routes.js';
import { createAddressesRepository } from './modules/addresses/addresses-repository.js';
import { createAddressesService } from './modules/addresses/addresses-service.js';
import { addressesRoutes } from './modules/addresses/addresses-routes.js';
import { createQuotesRepository } from './modules/quotes/quotes-repository.js';
import { createQuotesService } from './modules/quotes/quotes-service.js';
import { quotesRoutes } from './modules/quotes/quotes-routes.js';
import { createBatchBooking } from './modules/deliveries/batch-booking.js';
import { createImportsRepository } from './modules/imports/imports-repository.js';
import { createImportsService } from './modules/imports/imports-service.js';
import { importsRoutes } from './modules/imports/imports-routes.js';
import { createWebhooks } from './modules/webhooks/webhooks-module.js';
import { webhooksRoutes } from './modules/webhooks/webhooks-routes.js';
import type { WebhooksService } from './modules/webhooks/webhooks-service.js';
import { RATE_CARD, type RateCard } from '../shared/pricing.js';
import { createApiKeysRepository } from './modules/api-keys/api-keys-repository.js';
import { createApiKeysService } from './modules/api-keys/api-keys-service.js';
import { createApiKeyHasher } from './modules/api-keys/api-key-secret.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys-routes.js';
import { createMerchantDeliveries } from './modules/deliveries/merchant-deliveries.js';
import { createMerchantApiService } from './modules/merchant-api/merchant-api-service.js';
import { v1Routes } from './modules/merchant-api/v1-routes.js';
import { createAccountDeletionService } from './modules/auth/account-deletion-service.js';
import { accountRoutes } from './modules/auth/account-routes.js';
import { createWalletAccountClosing } from './modules/wallet/account-closing.js';
import { createWithdrawalsAccountClosing } from './modules/withdrawals/account-closing.js';
import { createDeliveriesAccountClosing } from './modules/deliveries/account-closing.js';
import { createAddressesAccountClosing } from './modules/addresses/account-closing.js';
import { createPreferencesAccountClosing } from './modules/preferences/account-closing.js';
import { createApiKeysAccountClosing } from './modules/api-keys/account-closing.js';
import { createWebhooksAccountClosing } from './modules/webhooks/account-closing.js';
import { createNotificationsAccountClosing } from './modules/notifications/account-closing.js';
import { createLiveAccountClosing } from './modules/live/account-closing.js';
import { createQuotesAccountClosing } from './modules/quotes/account-closing.js';
import { createImportsAccountClosing } from './modules/imports/account-closing.js';
import { createDriversAccountClosing } from './modules/drivers/account-closing.js';
import { createPartnersAccountClosing } from './modules/partners/account-closing.js';

/**
 * The one place where modules meet: every repository and service is built here, and each service receives only
 * what it uses (`Pick<>`). Modules import other modules' services and types, never their repositories (the lint
 * rule in eslint.config.js holds that).
 */
export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  sessions: SessionService;
  /** Counters for rate limits: in memory, or Redis when REDIS_URL is set. */
  rateLimitStore: RateLimitStore;
  /** Drops in-memory copies on every instance: in-process, or over Redis pub/sub when REDIS_URL is set. */
  invalidationBus: InvalidationBus;
  /** What happened, after commit: subscribers on every instance, or once on the publishing one. */
  events: DomainEvents;
  /** Write messages with `outbox.insertMessage(message, tx)`, then call `outboxWorker.nudge()` after commit. */
  outbox: OutboxRepository;
  outboxWorker: OutboxWorker;
  /** The dev outbox is served (/dev/mailbox, /api/dev/messages): on loopback, or DEV_OUTBOX=on; never in production. */
  devMailbox: boolean;
  /** Keeps the dev outbox's messages for 24 hours (started with the outbox worker). */
  devOutboxRetention: DevOutboxRetention;
  /** Uploaded files (avatars, partner documents): local disk under UPLOADS_DIR (default DATA_DIR/uploads). */
  storage: FileStorage;
  /** The tariff quotes are priced with (tests give another to show that quotes keep their price). */
  rateCard: RateCard;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** How often failed attempts past their decision time are returned (a few minutes late at most, on a 24-hour deadline). */
const UNDECIDED_RETURNS_EVERY_MS = 5 * 60 * 1000;
const PAYMENT_RECONCILE_EVERY_MS = 60 * 1000;
/** How often validations nobody is working on are looked for (one stale for a minute is taken up). */
const IMPORT_RESUME_EVERY_MS = 30 * 1000;

/** The shared services, opened once per process (closed by `close`, before the database). */
export async function createAppDeps(
  env: Env,
  database: Database,
  log: FastifyBaseLogger,
  rateCard: RateCard = RATE_CARD,
): Promise<AppDeps> {
  const rateLimitStore = await createRateLimitStore(env.REDIS_URL);
  const invalidationBus = await createInvalidationBus(env.REDIS_URL);
  const sessions = createSessionService(createSessionRepository(database.db), {
    secureCookies: env.PUBLIC_URL.startsWith('https://'),
    invalidationBus,
  });
  const messageTransports = await createMessageTransports(env);
  const outbox = createOutboxRepository(database.db);
  const outboxWorker = createOutboxWorker({ repository: outbox, transports: messageTransports.transports, log });
  const devOutbox = devOutboxAvailability(env);
  if (!devOutbox.enabled && env.NODE_ENV !== 'production') {
    log.warn(`dev outbox not served (/dev/mailbox, /api/dev/messages): ${devOutbox.reason}`);
  }
  const devOutboxRetention = createDevOutboxRetention({
    outbox,
    channels: devOutboxChannels(messageTransports.transports),
    log,
  });
  return {
    env,
    database,
    db: database.db,
    sessions,
    rateLimitStore,
    invalidationBus,
    events: createDomainEvents({ invalidationBus, log }),
    outbox,
    outboxWorker,
    devMailbox: devOutbox.enabled,
    devOutboxRetention,
    storage: createFileStorage(env),
    rateCard,
    async close() {
      devOutboxRetention.stop();
      await outboxWorker.stop();
      messageTransports.close();
      await rateLimitStore.close();
      await invalidationBus.close();
    },
  };
}

/** What the routes outside /api need from the modules. */
export interface RegisteredModules {
  publicTracking: PublicTrackingService;
  /** The receiver's pay link pages, outside /api (decision 053). */
  payments: PaymentsService;
  /** One round of payment reconciliation (the reconciler runs it every minute; tests and operators may run it now). */
  reconcilePayments: PaymentsService['reconcileStale'];
  /** One round of returning failed attempts nobody decided on in time (every few minutes; tests may run it now). */
  returnUndecided: (now: Date) => Promise<number>;
  /** The webhook worker's two steps, run now (tests move their clock forward instead of waiting for retries). */
  webhooks: Pick<WebhooksService, 'relayOnce' | 'deliverDue'>;
}

/** Every module's routes under /api, wired once. */
export async function registerModules(api: FastifyInstance, deps: AppDeps): Promise<RegisteredModules> {
  const { env, database, db, sessions, events, outbox, outboxWorker, rateLimitStore, storage } = deps;
  // On PostgreSQL, write transactions take turns in two lanes of the write pool: a lock on a money table can hold up
  // money writes, never sign-ins or the reads' own pool (docs/decisions/050). The embedded database is one
  // connection, where every query already waits its turn, bounded by the statement limit.
  const writeLanes: WriteLanes | null =
    database.kind === 'postgres'
      ? {
          money: createWriteLane({ concurrency: env.DATABASE_MONEY_WRITES_MAX, maxWaitMs: env.DATABASE_WRITE_WAIT_MS }),
          other: createWriteLane({ concurrency: env.DATABASE_OTHER_WRITES_MAX, maxWaitMs: env.DATABASE_WRITE_WAIT_MS }),
        }
      : null;
  const transactions = createTransactions(database.writeDb, events, writeLanes?.other);
  /** For the services that may write the wallet (they are given `wallet`) and the deliveries it pays for. */
  const moneyTransactions = createTransactions(database.writeDb, events, writeLanes?.money);
  const sandboxRepository = createSandboxRepository(db);
  const gateway = createPaymentGateway(env, sandboxRepository);
  const payouts = createPayoutGateway(env);

  registerAuthentication(api, sessions);
  // After authentication: keys are scoped to the signed-in user. Money-moving routes opt in (decision 025).
  registerIdempotency(api, { db });
  await api.register(healthRoutes(database, writeLanes));

  // Accounts: sign-up, codes, sign-in, password reset and the profile.
  const users = createUsersService({ db, repository: createUsersRepository(db) });
  const authRepository = createAuthRepository(db);
  const auth = createAuthService({
    transactions,
    repository: authRepository,
    usersRepository: users,
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
  // The profile picture (its stored file) and the notification preferences (decision 030).
  const avatars = createAvatarService({
    storage,
    repository: createAvatarRepository(db),
    getProfile: users.getProfile,
    log: api.log,
  });
  await api.register(usersRoutes(users, auth, avatars));
  await api.register(avatarRoutes(avatars));
  const preferences = createPreferencesService(createPreferencesRepository(db), deps.invalidationBus);
  await api.register(preferencesRoutes(preferences));
  await api.register(reauthRoutes(auth));
  // The first sign-in should not pay for computing the dummy hash that keeps failures equally slow.
  api.addHook('onReady', async () => {
    void auth.warmUp();
  });

  // Places, the address book and quotes: what a booking is priced from (decision 043).
  const places = createPlacesService({
    gazetteer: loadGazetteer(),
    rateLimitStore,
    searchesPerMinute: env.PLACES_RATE_LIMIT_PER_MINUTE,
  });
  const addresses = createAddressesService({ transactions, repository: createAddressesRepository(db), places });
  const quotes = createQuotesService({ repository: createQuotesRepository(db), places, addresses, rateCard: deps.rateCard });
  await api.register(placesRoutes(places));
  await api.register(addressesRoutes(addresses));
  await api.register(quotesRoutes(quotes));

  // Deliveries, money and what follows from them.
  const wallet = createWalletService({ wallet: createWalletRepository(db) });
  const paymentsRepository = createPaymentsRepository(db);
  // The receiver's SMS (decision 035): news of the driver in the pickup's or reassignment's statement (decision 077),
  // the others after status changes.
  const receiverMessages = createReceiverMessages({
    outbox,
    shipperContactOf: (userId) => users.getProfile(userId),
    publicUrl: env.PUBLIC_URL,
    nudge: () => outboxWorker.nudge(),
  });
  const deliveriesRepository = createDeliveriesRepository(db);
  const deliveries = createDeliveriesService({
    transactions: moneyTransactions,
    repository: deliveriesRepository,
    wallet,
    quotes,
    driverSharePercent: env.DRIVER_EARNINGS_PERCENT,
    driverNewsMessage: receiverMessages.driverNewsMessage,
    returnCodeMessage: receiverMessages.returnCodeMessage,
    payLinkMessage: receiverMessages.payLinkMessage,
    rateCard: deps.rateCard,
  });
  // Drivers: approved transportation partners, their vehicles and ratings (decisions 031, 034).
  const drivers = createDriversService({ repository: createDriversRepository(db), users, transactions: moneyTransactions, deliveries });

  const live = createLiveService({
    repository: createLiveEventsRepository(db),
    invalidationBus: deps.invalidationBus,
    heartbeatMs: env.LIVE_HEARTBEAT_MS,
    maxConnectionsPerUser: env.LIVE_MAX_CONNECTIONS_PER_USER,
  });
  // Open streams end before the server waits for its connections to close.
  api.addHook('preClose', async () => live.close());
  const notifications = createNotificationsService({ repository: createNotificationsRepository(db), live });
  const topUps = createTopUpService({ env, transactions: moneyTransactions, gateway, payments: paymentsRepository, wallet });
  const payments = createPaymentsService({
    env,
    transactions: moneyTransactions,
    gateway,
    payments: paymentsRepository,
    deliveries,
    wallet,
    log: api.log,
    topUps,
  });
  // Payments nobody confirmed are asked about with their gateway, and settled or expired (decision 046).
  const reconciler = createPaymentReconciler({ payments, everyMs: PAYMENT_RECONCILE_EVERY_MS, log: api.log });
  api.addHook('onReady', async () => reconciler.start());
  api.addHook('onClose', async () => reconciler.stop());
  const withdrawals = createWithdrawalsService({
    transactions: moneyTransactions,
    repository: createWithdrawalsRepository(db),
    payouts,
    wallet,
    accountNumbers: configuredSecretBox(env.PAYOUT_ACCOUNTS_KEY, env.NODE_ENV === 'production', DEVELOPMENT_PAYOUT_ACCOUNTS_KEY),
    log: api.log,
  });

  const readCache = createDeliveryReadCache({ maxAgeMs: env.DELIVERY_READ_CACHE_MS });
  // The receiver's page (decisions 036, 037): anyone's delivery by tracking id, only what is public.
  const publicTracking = createPublicTrackingService({
    deliveries,
    rateLimitStore,
    lookupsPerMinute: env.PUBLIC_TRACKING_RATE_LIMIT_PER_MINUTE,
  });
  readCache.subscribe(events);
  publicTracking.subscribe(events);
  receiverMessages.subscribe(events);
  payments.subscribe(events);
  deliveries.subscribe(events);
  subscribeNotifications(events, notifications);
  sessions.subscribe(events);
  const userMessages = createUserMessageQueue({ outbox, findPreferences: preferences.forMessages });
  subscribeCustomerUpdates(events, { db, queue: userMessages, getProfile: users.contactOf, nudge: () => outboxWorker.nudge() });
  subscribeDriverJobMessages(events, { db, queue: userMessages, getProfile: users.contactOf, nudge: () => outboxWorker.nudge() });
  // Numbered receipts (decision 057): issued after each money movement commits, readable at /dashboard/receipts/{id}.
  const receipts = createReceiptsService({
    repository: createReceiptsRepository(db, database.writeDb),
    vatPercent: env.VAT_PERCENT,
    getCustomer: async (userId) => {
      const profile = await users.getProfile(userId);
      return { name: profile.name, email: profile.email, phone: profile.phone };
    },
    findTransferReference: withdrawals.findTransferReference,
  });
  await api.register(receiptsRoutes(receipts));
  subscribeReceipts(events, {
    db,
    queue: userMessages,
    getProfile: users.contactOf,
    nudge: () => outboxWorker.nudge(),
    issueReceipt: receipts.issue,
    publicUrl: env.PUBLIC_URL,
    // A settlement's lines are the delivery's pay-on-delivery terms (decision 053).
    findDeliveryTerms: async (deliveryId) => {
      const row = await deliveries.findById(deliveryId);
      if (!row) return null;
      const cod = row.codAmountKobo === null ? null : { collectedKobo: row.codAmountKobo, feeKobo: row.codFeeKobo ?? 0, reserveKobo: row.codReserveKobo ?? 0 };
      return { livemode: row.livemode, trackingId: row.trackingId, cod };
    },
  });
  subscribeApplicationDecisionMessages(events, { db, queue: userMessages, getProfile: users.getProfile, nudge: () => outboxWorker.nudge() });
  subscribeLiveEvents(events, live);
  // Signed webhooks (decision 054): relayed from the changes the database queued with each delivery's commit.
  const webhooks = createWebhooks(env, db, events, {
    transactions,
    deliveries,
    notifications,
    messages: userMessages,
    getProfile: users.getProfile,
    nudgeMessages: () => outboxWorker.nudge(),
    log: api.log,
  });
  api.addHook('onReady', async () => webhooks.worker.start());
  api.addHook('onClose', async () => webhooks.worker.stop());
  await api.register(webhooksRoutes(webhooks.service));

  const apiKeys = createApiKeysService({
    repository: createApiKeysRepository(db),
    transactions,
    hashKey: createApiKeyHasher(env.API_KEY_PEPPER),
    invalidationBus: deps.invalidationBus,
  });
  await api.register(deliveriesRoutes(deliveries, readCache));
  await api.register(
    deliveryToolsRoutes(
      createDeliveryToolsService({
        search: createDeliverySearch(db),
        repository: deliveriesRepository,
        getLanguage: users.languageOf,
        hasApiKeys: apiKeys.hasKeys,
      }),
    ),
  );
  // Bulk import (issue 23, decision 055): validated in the background, booked and paid all at once.
  const imports = createImportsService({
    repository: createImportsRepository(db),
    transactions: moneyTransactions,
    places,
    quotes,
    wallet,
    batchBooking: createBatchBooking({ db, transactions: moneyTransactions, repository: deliveriesRepository }),
    accountLanguageOf: users.languageOf,
    log: api.log,
  });
  await api.register(importsRoutes(imports));
  const importValidations = createPeriodicJob({
    name: 'taking up import validations',
    everyMs: IMPORT_RESUME_EVERY_MS,
    log: api.log,
    run: () => imports.resumeValidations(),
  });
  // A restart takes up at once what it left validating.
  api.addHook('onReady', async () => {
    importValidations.start();
    void imports.resumeValidations().catch((err: unknown) => api.log.error({ err }, 'taking up import validations failed'));
  });
  api.addHook('onClose', async () => {
    await importValidations.stop();
    await imports.settled();
  });
  await api.register(paymentsRoutes(payments));
  await api.register(paystackWebhookRoutes(payments, gateway));
  if (gateway.name === 'sandbox') {
    await api.register(
      sandboxCheckoutRoutes({
        repository: sandboxRepository,
        publicUrl: env.PUBLIC_URL,
      }),
    );
  }
  const walletHistory = createWalletHistory({
    history: createWalletHistoryRepository(db),
    spending: deliveries.spending,
    findBalance: wallet.findBalance,
    findWithdrawable: wallet.payableOutKobo,
    findOwed: wallet.findOwed,
  });
  await api.register(walletRoutes(walletHistory));
  await api.register(topUpRoutes(topUps));
  await api.register(withdrawalsRoutes(withdrawals, sessions));
  await api.register(operatorWithdrawalsRoutes(withdrawals));
  await api.register(transferWebhookRoutes(withdrawals, payouts));
  await api.register(notificationsRoutes(notifications));
  await api.register(liveRoutes(live));
  await api.register(trackingRoutes(createTrackingService(deliveries, drivers), readCache));
  await api.register(publicTrackingApiRoutes(publicTracking));
  await api.register(ratingsRoutes(drivers));
  // Partner applications: documents in storage, approval makes a driver (decision 032).
  const partners = createPartnersService({ transactions, repository: createPartnersRepository(db), storage, drivers, log: api.log });
  const dispatch = createDispatchService({ deliveries, drivers, search: createDeliverySearch(db), withdrawals, partners });
  await api.register(dispatchRoutes(dispatch));
  // The board's CSV export (decision 057).
  await api.register(boardExportRoutes(createBoardExport({ repository: deliveriesRepository, dispatch, getLanguage: users.languageOf })));
  await api.register(partnersRoutes(partners));
  await api.register(operatorPartnersRoutes(partners));
  await api.register(
    driverRoutes(
      createDriverJobsService({
        deliveries,
        drivers,
        earnings: walletHistory,
        storage,
        handoverAttempts: createRateLimiter(rateLimitStore, {
          name: 'handover:driver',
          limit: env.HANDOVER_RATE_LIMIT_PER_MINUTE,
          windowMs: 60_000,
        }),
      }),
    ),
  );

  // Files no record points to (an upload cut short by a crash) are removed once an hour, on every instance.
  const storageSweep = createStorageSweep(
    storage,
    [
      { namespace: 'avatars', keptAmong: avatars.keptAmong },
      { namespace: 'partner-documents', keptAmong: partners.keptAmong },
      { namespace: 'delivery-proofs', keptAmong: deliveries.keptAmong },
    ],
    api.log,
  );
  const sweeps = createPeriodicJob({
    name: 'hourly sweep (unreferenced files, expired quotes)',
    everyMs: SWEEP_EVERY_MS,
    log: api.log,
    run: () => Promise.all([storageSweep.sweep(), quotes.sweepExpired()]),
  });
  api.addHook('onReady', async () => sweeps.start());
  api.addHook('onClose', async () => sweeps.stop());
  const undecidedReturns = createPeriodicJob({
    name: 'returning undecided failed attempts',
    everyMs: UNDECIDED_RETURNS_EVERY_MS,
    log: api.log,
    run: () => deliveries.returnUndecided(new Date()),
  });
  api.addHook('onReady', async () => undecidedReturns.start());
  api.addHook('onClose', async () => undecidedReturns.stop());

  // The merchant API (issue 23): keys managed with the session (the service made above), /api/v1 called with them.
  await api.register(apiKeysRoutes(apiKeys));
  const merchantDeliveries = createMerchantDeliveries({ db, transactions: moneyTransactions, repository: deliveriesRepository, deliveries });
  await api.register(
    v1Routes({
      keys: apiKeys,
      limiter: createRateLimiter(rateLimitStore, { name: 'api:key', limit: env.API_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }),
      service: createMerchantApiService({ quotes, deliveries, merchantDeliveries, wallet }),
      merchantDeliveries,
      places,
      storage,
    }),
    { prefix: '/v1' },
  );

  // Deleting an account (issue 24, decision 059): each module forgets what it keeps of the user, in one transaction.
  const deliveriesClosing = createDeliveriesAccountClosing();
  const walletClosing = createWalletAccountClosing();
  const withdrawalsClosing = createWithdrawalsAccountClosing();
  const accountDeletion = createAccountDeletionService({
    transactions: moneyTransactions,
    repository: authRepository,
    passwords: auth,
    sessions,
    outbox,
    notifyOutbox: () => outboxWorker.nudge(),
    checks: {
      lockWallet: walletClosing.lockWallet,
      hasPendingWithdrawal: withdrawalsClosing.hasPendingWithdrawal,
      countDeliveriesUnderway: deliveriesClosing.countDeliveriesUnderway,
    },
    erasers: [
      createAddressesAccountClosing().forgetUser,
      createPreferencesAccountClosing().forgetUser,
      createApiKeysAccountClosing().forgetUser,
      createWebhooksAccountClosing().forgetUser,
      createNotificationsAccountClosing().forgetUser,
      createLiveAccountClosing().forgetUser,
      createQuotesAccountClosing().forgetUser,
      createImportsAccountClosing().forgetUser,
      deliveriesClosing.forgetDriverContact,
      // The vehicle record names the approved application: it goes first.
      createDriversAccountClosing().forgetUser,
      createPartnersAccountClosing(storage, api.log).forgetUser,
    ],
    deletePictureFile: avatars.deletePictureFile,
    log: api.log,
  });
  await api.register(accountRoutes(accountDeletion, sessions));
  preferences.subscribe(events);
  apiKeys.subscribe(events);
  live.subscribe(events);

  if (deps.devMailbox) await api.register(devApiRoutes(outbox));
  return {
    publicTracking,
    payments,
    reconcilePayments: payments.reconcileStale,
    returnUndecided: (now: Date) => deliveries.returnUndecided(now),
    webhooks: webhooks.service,
  };
}

/** The public tracking page and the receiver's pay page, outside /api: no sign-in (decisions 037, 053). */
export async function registerPublicPages(app: FastifyInstance, modules: RegisteredModules, { isTestMode }: { isTestMode: boolean }) {
  await app.register(publicTrackingPage(modules.publicTracking));
  await app.register(payLinkPages(modules.payments, { testMode: isTestMode }));
}

/** The development mailbox page, outside /api (only when enabled). */
export async function registerDevMailboxPage(app: FastifyInstance, deps: Pick<AppDeps, 'devMailbox' | 'outbox'>) {
  if (deps.devMailbox) await app.register(devMailboxPage(deps.outbox));
}
