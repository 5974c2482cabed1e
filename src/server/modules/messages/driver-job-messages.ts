import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import { categoryOf } from './message-policy.js';
import type { UserMessageQueue } from './message-queue.js';
import type { RenderedMessage } from './message-templates.js';
import { preferredRouteOf } from './preferred-route.js';

/** A job given to the driver, or taken from them by a reassignment. */
export const DRIVER_JOB_CHANGES = ['assigned', 'reassigned'] as const;
export type DriverJobChange = (typeof DRIVER_JOB_CHANGES)[number];

const JOB_KEYS = DRIVER_JOB_CHANGES.flatMap((change) => [`${change}.subject`, `${change}.body`]);

/**
 * `messages.driverJobs` in the catalogue: `{{id}}` is the delivery's number (LF010), `{{pickup}}` and `{{dropoff}}`
 * where the job goes from and to. Short enough for one SMS when the places are.
 */
const TEXTS = loadLocaleSection('messages.driverJobs', { required: JOB_KEYS });

export function renderDriverJobMessage(change: DriverJobChange, language: string, params: { id: string; pickup: string; dropoff: string }): RenderedMessage {
  const t = TEXTS.texts[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  return { subject: t(`${change}.subject`, params), body: t(`${change}.body`, params), holdsSecret: false };
}

export const DRIVER_JOB_LANGUAGES = TEXTS.languagesWith(JOB_KEYS);

interface Deps {
  db: Executor;
  queue: UserMessageQueue;
  getProfile: (userId: string) => Promise<Pick<UserProfile, 'email' | 'phone' | 'whatsappNumber' | 'language'>>;
  nudge: () => void;
}

/**
 * Tells the drivers of a reassignment by email (or, failing that, WhatsApp or SMS), as a customer hears of their
 * delivery's steps: news about a delivery, which the queue drops unless the driver turned "Delivery updates" on (and
 * SMS for phones). The in-app notification and the live event are the notifications' and live modules'.
 */
export function subscribeDriverJobMessages(events: Pick<DomainEvents, 'onPublisher'>, { db, queue, getProfile, nudge }: Deps) {
  async function tell(userId: string, change: DriverJobChange, params: { id: string; pickup: string; dropoff: string }) {
    const category = categoryOf(`update:driver-job-${change}`);
    if (!(await queue.takesCategory(userId, category, db))) return;
    const profile = await getProfile(userId);
    const route = preferredRouteOf(profile);
    if (!route) return;
    const queued = await queue.queueMessage({ userId, category, ...route, ...renderDriverJobMessage(change, profile.language, params) }, db);
    if (queued) nudge();
  }

  events.onPublisher('delivery.driver_assigned', async (e) => {
    if (e.previousDriverId === e.driverId) return;
    const params = { id: formatDeliveryId(e.number), pickup: e.publisherOnly?.job.pickup ?? '', dropoff: e.publisherOnly?.job.dropoff ?? '' };
    await Promise.all([tell(e.driverId, 'assigned', params), e.previousDriverId === null ? undefined : tell(e.previousDriverId, 'reassigned', params)]);
  });
}
