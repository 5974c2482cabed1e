import { randomUUID } from 'node:crypto';
import type { DeliveryStatus } from '../../shared/schemas/deliveries.js';
import type { PartnerType } from '../../shared/schemas/partners.js';
import type { InvalidationBus } from './invalidation-bus.js';

/**
 * What happened, published once the write has committed. Writers publish; caches, notifications and (next) the
 * live event stream subscribe. Payloads are plain data: they also travel between instances as JSON.
 */
export interface DeliveryFacts {
  userId: string;
  deliveryId: string;
  /** The public number (formatDeliveryId) and tracking id, so subscribers need no query. */
  number: number;
  trackingId: string | null;
  /** The delivery's status once the change committed, so no subscriber reads the row back for it. */
  status: DeliveryStatus;
  /** False for a merchant API test key's delivery (decision 056): no receipt, no total (decision 076). */
  livemode: boolean;
}

/** Whom the package goes to, for the receiver's messages (modules/messages). */
export interface ReceiverFacts {
  receiverPhone: string;
  receiverLanguage: string;
  driverName: string | null;
  /** A test delivery's receiver is never messaged (decision 056). */
  livemode: boolean;
}

/** Where a driver's job goes from and to, as the delivery describes them, for the driver's messages. */
export interface JobPlaces {
  pickup: string;
  dropoff: string;
}

/**
 * Details only the publishing instance's subscribers see: they never travel to the other instances (a receiver's
 * phone number has no business on the bus). Absent on an event that arrived from another instance.
 */
const PUBLISHER_ONLY = 'publisherOnly';

export type DomainEvent =
  | ({ type: 'delivery.created' } & DeliveryFacts)
  | ({ type: 'delivery.updated' } & DeliveryFacts)
  | ({ type: 'delivery.paid'; method: 'wallet' | 'card'; amountKobo: number; payOnDelivery?: boolean } & DeliveryFacts)
  /** The receiver of a pay-on-delivery order paid into escrow (decision 053): told to the shipper and the driver. */
  | ({ type: 'delivery.cod_paid'; driverId: string | null; amountKobo: number } & DeliveryFacts)
  /** What a receiver paid goes back to them (a return, a cancellation): the payments module refunds it at the gateway. */
  | ({ type: 'delivery.cod_refund_due'; amountKobo: number } & DeliveryFacts)
  | ({ type: 'delivery.status_changed'; [PUBLISHER_ONLY]?: { receiver: ReceiverFacts } } & DeliveryFacts)
  /**
   * Someone decided what happens after a failed attempt (the operator, the shipper, or the system once the window
   * passed): told to the driver of the job (decision 086). Published beside the status change it made.
   */
  | ({ type: 'delivery.failure_decided'; driverId: string | null; decision: 'reattempt' | 'return'; by: 'operator' | 'customer' | 'system' } & DeliveryFacts)
  /**
   * An operator assigned the delivery to a driver, or reassigned it (`previousDriverId`, the driver it was taken from:
   * the same one when reassigned to them again). Where it goes stays with the publisher's subscribers.
   */
  | ({
      type: 'delivery.driver_assigned';
      driverName: string;
      driverId: string;
      previousDriverId: string | null;
      [PUBLISHER_ONLY]?: { job: JobPlaces };
    } & DeliveryFacts)
  | ({ type: 'delivery.cancelled'; refundedKobo: number | null } & DeliveryFacts)
  | ({ type: 'delivery.rated'; stars: number } & DeliveryFacts)
  | ({ type: 'wallet.credited' } & WalletMovementFacts)
  | ({ type: 'wallet.debited' } & WalletMovementFacts)
  | {
      type: 'withdrawal.finished';
      userId: string;
      withdrawalId: string;
      status: 'paid' | 'failed';
      amountKobo: number;
      bankName: string;
      accountNumberMasked: string;
      /** Why it failed, in an operator's words to the customer; a payout gateway's reason is for operators only. */
      customerReason: string | null;
      /** Paid: the transfer's reference, to find it on a bank statement (decision 089). Null when failed. */
      transferReference: string | null;
    }
  /** The owner deleted the account (decision 059): what instances keep of it in memory goes too. */
  | { type: 'user.deleted'; userId: string }
  /** A driver went on or off duty (decision 063): the operators' assign dialogs ask for their drivers again. */
  | { type: 'driver.duty_changed'; userId: string; onDuty: boolean }
  | ({ type: 'partner.application_decided' } & ApplicationDecisionFacts)
  /** Someone applied to become a partner (decision 093): they are told it arrived. */
  | { type: 'partner.application_submitted'; userId: string; applicationId: string; partnerType: PartnerType };

/** An operator approved or rejected a partner application (modules/partners). */
export interface ApplicationDecisionFacts {
  /** The applicant. */
  userId: string;
  applicationId: string;
  partnerType: PartnerType;
  decision: 'approved' | 'rejected';
  /** The operator's reason, for a rejection. */
  reason: string | null;
}

export interface WalletMovementFacts {
  userId: string;
  amountKobo: number;
  balanceAfterKobo: number;
  /** The ledger entry's kind (refund, payment, hold...). */
  kind: string;
  deliveryId: string | null;
  /** The public delivery number the movement was for, when there is one. */
  deliveryNumber: number | null;
  /** Why the money moved, when the kind alone does not say (a refund for a cancellation, or for a late card payment). */
  cause: MovementCause | null;
  /** A pay-on-delivery settlement's parts, when the writer knows them, so its receipt needs no read. */
  codSettlement?: { collectedKobo: number; feeKobo: number; reserveKobo: number; trackingId: string | null };
  /** A withdrawal's hold: the withdrawal, so its receipt can show the transfer's reference once paid (decision 089). */
  withdrawalId?: string;
}

export type MovementCause = 'delivery_cancelled' | 'payment_not_applied';

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
type Handler<T extends DomainEventType> = (event: EventOf<T>) => void | Promise<void>;
type AnyHandler = (event: DomainEvent) => void | Promise<void>;

export interface DomainEvents {
  /**
   * Runs on every instance: on this one before the HTTP answer is sent, on the others when the event arrives over
   * the invalidation bus (Redis). For what each instance holds in memory: the read cache, live streams.
   */
  onEveryInstance<T extends DomainEventType>(type: T, handler: Handler<T>): void;
  /** Runs once, on the instance that published, before the HTTP answer, alongside the event's other such handlers: for writes such as a notification row. */
  onPublisher<T extends DomainEventType>(type: T, handler: Handler<T>): void;
  /** Call after the commit. Awaits the local subscribers; a failing one is logged, never thrown to the writer. */
  publish(events: readonly DomainEvent[]): Promise<void>;
}

export interface Logger {
  error(object: unknown, message: string): void;
}

const TOPIC = 'domain-event';

export function createDomainEvents(options: { invalidationBus: InvalidationBus; log: Logger }): DomainEvents {
  const { invalidationBus, log } = options;
  // Messages from this instance come back over Redis (and run in-process on the local bus): skip them.
  const origin = randomUUID();
  const everyInstance = new Map<DomainEventType, AnyHandler[]>();
  const publisherOnly = new Map<DomainEventType, AnyHandler[]>();

  function add(map: typeof everyInstance, type: DomainEventType, handler: AnyHandler) {
    map.set(type, [...(map.get(type) ?? []), handler]);
  }

  async function runOne(handler: AnyHandler, event: DomainEvent) {
    try {
      await handler(event);
    } catch (err) {
      log.error({ err, event: event.type }, 'a domain event subscriber failed');
    }
  }

  async function run(handlers: AnyHandler[] | undefined, event: DomainEvent) {
    for (const handler of handlers ?? []) await runOne(handler, event);
  }

  /**
   * The publisher's subscribers write different things (a notification, a message, a live event), none waiting on
   * another: they run together, those of every event published at once (a hand-over's earnings and its status
   * change), so the answer waits for the slowest of them, not for their sum.
   */
  async function runTogether(handlers: AnyHandler[] | undefined, event: DomainEvent) {
    await Promise.all((handlers ?? []).map((handler) => runOne(handler, event)));
  }

  invalidationBus.subscribe(TOPIC, (message) => {
    let parsed: { origin: string; event: DomainEvent };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin !== origin) void run(everyInstance.get(parsed.event.type), parsed.event);
  });

  return {
    onEveryInstance: (type, handler) => add(everyInstance, type, handler as unknown as AnyHandler),
    onPublisher: (type, handler) => add(publisherOnly, type, handler as unknown as AnyHandler),
    async publish(events) {
      const publisherWrites: Promise<void>[] = [];
      for (const event of events) {
        await run(everyInstance.get(event.type), event);
        publisherWrites.push(runTogether(publisherOnly.get(event.type), event));
        invalidationBus.publish(TOPIC, JSON.stringify({ origin, event }, (key, value: unknown) => (key === PUBLISHER_ONLY ? undefined : value)));
      }
      await Promise.all(publisherWrites);
    },
  };
}
