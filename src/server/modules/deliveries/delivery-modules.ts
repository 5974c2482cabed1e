import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { PaymentGateway } from '../../adapters/payments/index.js';
import { createSandboxRepository } from '../../adapters/payments/sandbox-repository.js';
import { createDeliveriesRepository } from './deliveries-repository.js';
import { createDeliveriesService } from './deliveries-service.js';
import { createDeliveryReadCache } from './delivery-read-cache.js';
import { deliveriesRoutes } from './deliveries-routes.js';
import { createWalletRepository } from '../wallet/wallet-repository.js';
import { walletRoutes } from '../wallet/wallet-routes.js';
import { createNotificationsRepository } from '../notifications/notifications-repository.js';
import { notificationsRoutes } from '../notifications/notifications-routes.js';
import { createPaymentsRepository } from '../payments/payments-repository.js';
import { createPaymentsService } from '../payments/payments-service.js';
import { paymentsRoutes, paystackWebhookRoutes } from '../payments/payments-routes.js';
import { sandboxCheckoutRoutes } from '../payments/sandbox-routes.js';
import { createTrackingService } from '../tracking/tracking-service.js';
import { trackingRoutes } from '../tracking/tracking-routes.js';
import { createDispatchService } from '../dispatch/dispatch-service.js';
import { dispatchRoutes } from '../dispatch/dispatch-routes.js';

/** Bookings, payments, wallet, tracking, dispatch and notifications: wired once, registered under /api. */
/** The payment gateway is chosen by configuration in buildApp (createPaymentGateway). */
export async function registerDeliveryModules(
  api: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'env' | 'invalidationBus'>,
  gateway: PaymentGateway,
) {
  const { db, env, invalidationBus } = deps;
  const bookings = createDeliveriesRepository(db);
  const wallet = createWalletRepository(db);
  const notifications = createNotificationsRepository(db);
  const payments = createPaymentsRepository(db);

  const readCache = createDeliveryReadCache();
  invalidationBus.subscribe('deliveries', (userId) => readCache.invalidate(userId));
  const deliveriesChanged = (userId: string) => invalidationBus.publish('deliveries', userId);

  const bookingsService = createDeliveriesService({ db, bookings, wallet, notifications, deliveriesChanged });
  const paymentsService = createPaymentsService({
    env,
    db,
    gateway,
    payments,
    bookings,
    bookingsService,
    wallet,
    notifications,
    deliveriesChanged,
  });

  await api.register(deliveriesRoutes(bookingsService, readCache));
  await api.register(paymentsRoutes(paymentsService));
  await api.register(paystackWebhookRoutes(paymentsService, gateway));
  if (gateway.name === 'sandbox') await api.register(sandboxCheckoutRoutes(createSandboxRepository(db)));
  await api.register(walletRoutes(wallet));
  await api.register(notificationsRoutes(notifications));
  await api.register(trackingRoutes(createTrackingService(bookings), readCache));
  await api.register(dispatchRoutes(createDispatchService({ db, bookings, notifications, deliveriesChanged })));
}
