import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import { cursorInstant, cursorUuid, decodeCursor, pageOf } from '../../lib/cursor.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_RETENTION_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookAttempt,
  type WebhookDeliveryEvent,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type WebhookMode,
} from '../../../shared/schemas/webhooks.js';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_OLD_SECRET_VALID_MS } from '../../../shared/rule-limits.js';
import type { DeliveriesService, DeliveryRow } from '../deliveries/deliveries-service.js';
import { toV1Delivery } from '../deliveries/delivery-view.js';
import type { UserMessageQueue } from '../messages/message-queue.js';
import { categoryOf } from '../messages/message-policy.js';
import type { NotificationsService } from '../notifications/notifications-service.js';
import { WEBHOOK_EVENT_OF_KIND } from './webhook-event-types.js';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type SendOutcome } from './webhook-sender.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { newWebhookSecret, signatureHeader } from './webhook-signing.js';
import { resolveTarget, systemResolver, type Resolver, type TargetPolicy } from './webhook-targets.js';
import type { WebhookEndpointRow, WebhooksRepository } from './webhooks-repository.js';

/** Changes turned into events per relay round. */
const RELAY_BATCH = 200;
/** Sends claimed per delivery round, all sent at once: at most one per delivery and endpoint (see `claimQuery`). */
const SEND_BATCH = 50;
/** Events deleted per retention transaction: short enough not to hold up the relay and the sends. */
const RETENTION_BATCH = 500;
/** Batches per retention round (250,000 events); what is left waits for the next round. */
const RETENTION_BATCHES_PER_ROUND = 500;
/** A claimed send is this worker's for longer than its attempt can take; a crashed worker's comes back after it. */
const SEND_LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;

const attemptCursorShape = z.tuple([cursorInstant, cursorUuid]);

/** `messages.webhooks` in the catalogue (decision 044): the owner's notice that an endpoint was switched off. */
const NOTICE_KEYS = ['endpointDisabled.subject', 'endpointDisabled.body'];
const TEXTS = loadLocaleSection('messages.webhooks', { required: NOTICE_KEYS });
export const WEBHOOK_NOTICE_LANGUAGES = TEXTS.languagesWith(NOTICE_KEYS);

export function renderEndpointDisabled(language: string, url: string) {
  const t = TEXTS.texts[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  return { subject: t('endpointDisabled.subject'), body: t('endpointDisabled.body', { url }), holdsSecret: false };
}

/** Whether the delivery is a live one (issue 23's test mode): the one place an endpoint's mode is matched. */
export function livemodeOf(delivery: Pick<DeliveryRow, 'livemode'>): boolean {
  return delivery.livemode;
}
const modeOf = (livemode: boolean): WebhookMode => (livemode ? 'live' : 'test');

/** When a failed attempt is tried again, or null once the schedule is through. */
export function nextRetryAt(attempts: number, at: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    mode: row.mode,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

interface Deps {
  transactions: Transactions;
  repository: WebhooksRepository;
  /** Null in production without WEBHOOK_SECRETS_KEY: no endpoint can be made, none can sign. */
  secrets: SecretBox | null;
  policy: TargetPolicy;
  deliveries: Pick<DeliveriesService, 'findByIds'>;
  notifications: Pick<NotificationsService, 'insertNotification'>;
  messages: Pick<UserMessageQueue, 'queueMessage'>;
  getProfile: (userId: string) => Promise<Pick<UserProfile, 'email' | 'phone' | 'language'>>;
  nudgeMessages: () => void;
  /** Tells the worker that events are due (it sends them now rather than at its next poll). */
  onQueued?: () => void;
  log: { warn(object: object, message: string): void };
  resolve?: Resolver;
}

export function createWebhooksService(deps: Deps) {
  const { transactions, repository, secrets, policy, log } = deps;
  const resolve = deps.resolve ?? systemResolver;

  async function findOwned(id: string, userId: string) {
    const row = await repository.findEndpoint(id, userId);
    if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    return row;
  }

  function secretBox(): SecretBox {
    if (!secrets) throw new AppError('WEBHOOKS_NOT_CONFIGURED');
    return secrets;
  }

  async function checkUrl(url: string) {
    const target = await resolveTarget(url, policy, resolve);
    if ('refused' in target) throw new AppError(target.refused);
  }

  /**
   * Switches off an endpoint that has failed for three days, and tells its owner: a message in their language in the
   * same transaction, the in-app notification after the commit.
   */
  async function disableFailing(endpointId: string, userId: string, at: Date) {
    const profile = await deps.getProfile(userId);
    const disabled = await transactions.run(async ({ tx }) => {
      const row = await repository.disableIfFailingSince(endpointId, new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_MS), at, tx);
      if (!row) return null;
      await repository.failPendingSends(endpointId, tx);
      const message = renderEndpointDisabled(profile.language, row.url);
      const recipient = profile.email
        ? { channel: 'email' as const, recipient: profile.email }
        : profile.phone
          ? { channel: 'sms' as const, recipient: profile.phone }
          : null;
      if (recipient) await deps.messages.queueMessage({ userId, category: categoryOf('webhook:endpoint-disabled'), ...recipient, ...message }, tx);
      return row;
    });
    if (!disabled) return;
    deps.nudgeMessages();
    await deps.notifications.insertNotification({ userId, type: 'developer', messageKey: 'webhookEndpointDisabled', params: { url: disabled.url } });
  }

  type Claimed = Awaited<ReturnType<WebhooksRepository['claimDue']>>[number];
  interface Attempted {
    claim: Claimed;
    outcome: SendOutcome;
    at: Date;
  }

  /**
   * A round's outcomes, recorded in one transaction, with each endpoint's health written once: an update of the
   * endpoint's row per attempt made the round's transactions wait on one another for that row (the relay's
   * bottleneck with 1,000 events to one endpoint). The endpoint answered if any of its attempts succeeded; otherwise
   * it has been failing since its first failure of the round, unless it already was.
   */
  async function settleAttempts(attempted: readonly Attempted[]) {
    if (attempted.length === 0) return;
    const health = await transactions.run(async ({ tx }) => {
      const recorded = await repository.recordAttempts(
        attempted.map(({ claim, outcome, at }) => ({
          claim,
          outcome: { ...outcome, at, nextRetryAt: outcome.error === null ? null : nextRetryAt(claim.attempts, at) },
        })),
        tx,
      );
      const stillClaimed = new Set(recorded.map((claim) => claim.sendId));
      const roundOf = new Map<string, { succeeded: boolean; at: Date }>();
      for (const { claim, outcome, at } of attempted) {
        if (!stillClaimed.has(claim.sendId)) continue;
        const seen = roundOf.get(claim.endpointId);
        roundOf.set(claim.endpointId, {
          succeeded: (seen?.succeeded ?? false) || outcome.error === null,
          at: seen && seen.at < at ? seen.at : at,
        });
      }
      const rows = [];
      for (const [endpointId, { succeeded, at }] of roundOf) {
        const row = await repository.markEndpointHealth(endpointId, succeeded, at, tx);
        if (row) rows.push({ endpointId, at, ...row });
      }
      return rows;
    });
    for (const { endpointId, at, userId, failingSince, enabled } of health) {
      if (enabled && failingSince && at.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) await disableFailing(endpointId, userId, at);
    }
  }

  /** One attempt at a claimed send: the target checked again, the body signed, sent; its outcome, not yet recorded. */
  async function attempt(claim: Claimed, now: () => Date): Promise<Attempted> {
    const target = await resolveTarget(claim.url, policy, resolve);
    let outcome: SendOutcome;
    if ('refused' in target) outcome = { statusCode: null, durationMs: 0, error: `refused: ${target.refused}` };
    else {
      const at = now();
      const box = secretBox();
      const signing = [box.open(claim.secretCiphertext)];
      if (claim.previousSecretCiphertext && claim.previousSecretExpiresAt && claim.previousSecretExpiresAt > at) {
        signing.push(box.open(claim.previousSecretCiphertext));
      }
      const headers = {
        'lanefreight-signature': signatureHeader(signing, Math.floor(at.getTime() / 1000), claim.body),
        'lanefreight-event-id': claim.eventId,
      };
      outcome = await sendWebhook(target, headers, claim.body);
    }
    return { claim, outcome, at: now() };
  }

  return {
    async createEndpoint(userId: string, body: { url: string; events: WebhookEventType[]; mode: WebhookMode }): Promise<WebhookEndpointWithSecret> {
      const box = secretBox();
      await checkUrl(body.url);
      if ((await repository.countEndpoints(userId)) >= WEBHOOK_ENDPOINTS_MAX) {
        throw new AppError('WEBHOOK_ENDPOINT_LIMIT', { params: { limit: WEBHOOK_ENDPOINTS_MAX } });
      }
      const secret = newWebhookSecret();
      const row = await repository.insertEndpoint({ userId, url: body.url, events: body.events, mode: body.mode, secretCiphertext: box.seal(secret) });
      return { ...toEndpoint(row), secret };
    },

    async listEndpoints(userId: string) {
      return { items: (await repository.listEndpoints(userId)).map(toEndpoint) };
    },

    async getEndpoint(userId: string, id: string) {
      return toEndpoint(await findOwned(id, userId));
    },

    /** Switching one off gives up what it was still owed; switching it back on starts it afresh. */
    async updateEndpoint(userId: string, id: string, patch: { events?: WebhookEventType[]; enabled?: boolean }, at = new Date()) {
      const current = await findOwned(id, userId);
      const switchedOff = patch.enabled === false && current.enabled;
      const row = await transactions.run(async ({ tx }) => {
        const updated = await repository.updateEndpoint(
          id,
          userId,
          {
            ...(patch.events ? { events: patch.events } : {}),
            ...(patch.enabled === undefined ? {} : { enabled: patch.enabled, disabledReason: null, ...(patch.enabled ? { failingSince: null } : {}) }),
            updatedAt: at,
          },
          tx,
        );
        if (updated && switchedOff) await repository.failPendingSends(id, tx);
        return updated;
      });
      if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
      return toEndpoint(row);
    },

    async deleteEndpoint(userId: string, id: string) {
      if (!(await repository.deleteEndpoint(id, userId))) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    },

    /** A new secret; the one it replaces still signs for 24 hours (the one before that stops now). */
    async rotateSecret(userId: string, id: string, at = new Date()): Promise<WebhookEndpointWithSecret> {
      const box = secretBox();
      const current = await findOwned(id, userId);
      const secret = newWebhookSecret();
      const row = await repository.updateEndpoint(id, userId, {
        secretCiphertext: box.seal(secret),
        previousSecretCiphertext: current.secretCiphertext,
        previousSecretExpiresAt: new Date(at.getTime() + WEBHOOK_OLD_SECRET_VALID_MS),
        updatedAt: at,
      });
      if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
      return { ...toEndpoint(row), secret };
    },

    async listAttempts(userId: string, id: string, query: CursorQuery) {
      await findOwned(id, userId);
      const key = decodeCursor(query.cursor, attemptCursorShape);
      const rows = await repository.findAttemptsPage(id, key ? { at: key[0], id: key[1] } : null, query.limit + 1);
      return pageOf(rows, query.limit, (row) => [row.cursorAt, row.attempt.id], ({ attempt }): WebhookAttempt => ({
        id: attempt.id,
        eventId: attempt.eventId,
        eventType: attempt.eventType,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        error: attempt.error,
        nextRetryAt: attempt.nextRetryAt?.toISOString() ?? null,
        attemptedAt: attempt.attemptedAt.toISOString(),
      }));
    },

    /** Sends an event this endpoint was owed again, now, with the same id and body. */
    async resendEvent(userId: string, id: string, eventId: string, at = new Date()) {
      const endpoint = await findOwned(id, userId);
      if (!endpoint.enabled) throw new AppError('WEBHOOK_ENDPOINT_DISABLED');
      if (!(await repository.requeueSend(id, eventId, at))) throw new AppError('WEBHOOK_EVENT_NOT_FOUND');
      deps.onQueued?.();
      return { eventId };
    },

    /** "Send a test event": a `webhook_endpoint.test` event to this endpoint only, signed like any other. */
    async sendTestEvent(userId: string, id: string, at = new Date()) {
      const endpoint = await findOwned(id, userId);
      if (!endpoint.enabled) throw new AppError('WEBHOOK_ENDPOINT_DISABLED');
      const eventId = randomUUID();
      const livemode = endpoint.mode === 'live';
      const body = JSON.stringify({ id: eventId, type: WEBHOOK_TEST_EVENT_TYPE, createdAt: at.toISOString(), livemode, sequence: null, data: { endpointId: id } });
      await transactions.run(async ({ tx }) => {
        await repository.insertEvents([{ id: eventId, userId, deliveryId: null, type: WEBHOOK_TEST_EVENT_TYPE, sequence: null, livemode, body, createdAt: at }], tx);
        await repository.insertSends([{ endpointId: id, eventId, nextAttemptAt: at }], tx);
      });
      deps.onQueued?.();
      return { eventId };
    },

    /**
     * One relay round (decision 054): takes the oldest queued changes of deliveries off the queue and, in the same
     * transaction, writes their events with each delivery's next sequence numbers and what every subscribed endpoint is
     * owed. A crash before the commit leaves them queued; after it, they are owed. Returns the changes taken.
     */
    async relayOnce(at = new Date()): Promise<number> {
      if (!(await repository.hasQueued())) return 0;
      const taken = await transactions.run(async ({ tx }) => {
        if (!(await repository.tryRelayLock(tx))) return 0;
        const changes = await repository.takeQueued(RELAY_BATCH, tx);
        if (changes.length === 0) return 0;
        const deliveryIds = [...new Set(changes.map((change) => change.deliveryId))];
        const [sequences, endpoints, rows] = await Promise.all([
          repository.lastSequences(deliveryIds, tx),
          repository.enabledEndpointsOf([...new Set(changes.map((change) => change.userId))], tx),
          deps.deliveries.findByIds(deliveryIds, tx),
        ]);
        const deliveryOf = new Map(rows.map((row) => [row.id, row] as const));
        const events: Parameters<WebhooksRepository['insertEvents']>[0][number][] = [];
        const sends: Parameters<WebhooksRepository['insertSends']>[0][number][] = [];
        for (const change of changes) {
          const type = Object.hasOwn(WEBHOOK_EVENT_OF_KIND, change.kind) ? WEBHOOK_EVENT_OF_KIND[change.kind] : undefined;
          const delivery = deliveryOf.get(change.deliveryId);
          if (!type || !delivery) continue;
          const livemode = livemodeOf(delivery);
          const subscribed = endpoints.filter((e) => e.userId === change.userId && e.mode === modeOf(livemode) && e.events.includes(type));
          if (subscribed.length === 0) continue;
          const sequence = (sequences.get(change.deliveryId) ?? 0) + 1;
          sequences.set(change.deliveryId, sequence);
          const id = randomUUID();
          const createdAt = change.occurredAt;
          // `data` is the delivery exactly as GET /api/v1/deliveries/{id} answers now: the v1 API's own mapping.
          const event: WebhookDeliveryEvent = { id, type, createdAt: createdAt.toISOString(), livemode, sequence, data: toV1Delivery(delivery) };
          const body = JSON.stringify(event);
          events.push({ id, userId: change.userId, deliveryId: change.deliveryId, type, sequence, livemode, body, createdAt });
          for (const endpoint of subscribed) sends.push({ endpointId: endpoint.id, eventId: id, nextAttemptAt: at });
        }
        await repository.insertEvents(events, tx);
        await repository.insertSends(sends, tx);
        await repository.saveSequences(new Map(events.flatMap((e) => (e.deliveryId ? [[e.deliveryId, sequences.get(e.deliveryId)!] as const] : []))), tx);
        return changes.length;
      });
      if (taken > 0) deps.onQueued?.();
      return taken;
    },

    /**
     * The retention sweep (decision 054): deletes the events older than WEBHOOK_RETENTION_MS that owe nothing more,
     * with their sends and attempts, `batch` at a time, each batch its own short transaction under a lock that one
     * instance holds at a time (another instance's sweep under way: this one stops). At most `maxBatches` a round;
     * the next round goes on. Returns how many events went.
     */
    async sweepRetention(now = new Date(), { batch = RETENTION_BATCH, maxBatches = RETENTION_BATCHES_PER_ROUND } = {}): Promise<number> {
      const before = new Date(now.getTime() - WEBHOOK_RETENTION_MS);
      let deleted = 0;
      for (let round = 0; round < maxBatches; round += 1) {
        const removed = await transactions.run(async ({ tx }) =>
          (await repository.tryRetentionLock(tx)) ? repository.deleteSettledEventsBefore(before, batch, tx) : null,
        );
        if (removed === null) break;
        deleted += removed;
        if (removed < batch) break;
      }
      return deleted;
    },

    /** One delivery round: claims what is due at `now` and sends it; returns how many were tried. */
    async deliverDue(now: () => Date = () => new Date()): Promise<number> {
      const at = now();
      const claimed = await repository.claimDue(at, new Date(at.getTime() + SEND_LEASE_MS), SEND_BATCH);
      const attempted = await Promise.all(
        claimed.map((claim) =>
          attempt(claim, now).catch((err: unknown) => {
            // Not recorded: its lease runs out and it is tried again.
            log.warn({ err, endpointId: claim.endpointId, eventId: claim.eventId }, 'webhooks: an attempt could not be made');
            return null;
          }),
        ),
      );
      await settleAttempts(attempted.filter((item) => item !== null)).catch((err: unknown) =>
        log.warn({ err, attempts: attempted.length }, 'webhooks: a round of attempts could not be recorded; their leases run out and they are tried again'),
      );
      return claimed.length;
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
