import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import { PARTNER_TYPES, type PartnerType } from '../../../shared/schemas/partners.js';
import { categoryOf } from './message-policy.js';
import { preferredRouteOf } from './preferred-route.js';
import type { UserMessageQueue } from './message-queue.js';
import type { RenderedMessage } from './message-templates.js';

export const APPLICATION_DECISIONS = ['approved', 'rejected'] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

const DECISION_KEYS = [
  ...APPLICATION_DECISIONS.flatMap((decision) => [`${decision}.subject`, `${decision}.body`]),
  ...PARTNER_TYPES.flatMap((type) => [`types.${type}`, `nextStep.${type}`]),
];

/**
 * `messages.applicationDecisions` in the catalogue (decision 044): `{{type}}` is the partnership in words
 * (`types.*`), `{{reason}}` the operator's reason for a rejection, `{{nextStep}}` what an approved partner does next
 * (`nextStep.*`, the one text the in-app notification and the applications list say too: decision 093).
 */
const TEXTS = loadLocaleSection('messages.applicationDecisions', { required: DECISION_KEYS });

export function renderApplicationDecision(
  decision: ApplicationDecision,
  language: string,
  { type, reason }: { type: PartnerType; reason: string | null },
): RenderedMessage {
  const t = TEXTS.texts[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  const params = { type: t(`types.${type}`), reason: reason ?? '', nextStep: t(`nextStep.${type}`) };
  return { subject: t(`${decision}.subject`, params), body: t(`${decision}.body`, params), holdsSecret: false };
}

export const DECISION_LANGUAGES = TEXTS.languagesWith(DECISION_KEYS);

const RECEIVED_KEYS = ['subject', 'body'];

/**
 * `messages.applicationReceived`: the acknowledgement of an application (decision 093), short enough for one SMS.
 * `{{type}}` as in the decisions; the reply window comes from the rule (`applicationReplyHoursMin`/`Max`).
 */
const RECEIVED_TEXTS = loadLocaleSection('messages.applicationReceived', { required: RECEIVED_KEYS });

export function renderApplicationReceived(language: string, type: PartnerType): RenderedMessage {
  const lng = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  const t = RECEIVED_TEXTS.texts[lng];
  const params = { type: TEXTS.texts[lng](`types.${type}`) };
  return { subject: t('subject', params), body: t('body', params), holdsSecret: false };
}

export const RECEIVED_LANGUAGES = RECEIVED_TEXTS.languagesWith(RECEIVED_KEYS);

/**
 * The applicant hears an operator's decision by email too (the in-app notification is modules/notifications'),
 * once the decision has committed. An account without an email has the notification only. An application that
 * arrived is acknowledged once, by email or, failing that, WhatsApp or SMS (decision 093).
 */
export function subscribeApplicationDecisionMessages(
  events: Pick<DomainEvents, 'onPublisher'>,
  {
    db,
    queue,
    getProfile,
    nudge,
  }: { db: Executor; queue: UserMessageQueue; getProfile: (userId: string) => Promise<Pick<UserProfile, 'email' | 'phone' | 'whatsappNumber' | 'language'>>; nudge: () => void },
) {
  events.onPublisher('partner.application_submitted', async (e) => {
    const profile = await getProfile(e.userId);
    const route = preferredRouteOf(profile);
    if (!route) return;
    const queued = await queue.queueMessage(
      { userId: e.userId, category: categoryOf('decision:received'), ...route, ...renderApplicationReceived(profile.language, e.partnerType) },
      db,
    );
    if (queued) nudge();
  });

  events.onPublisher('partner.application_decided', async (e) => {
    const profile = await getProfile(e.userId);
    if (!profile.email) return;
    const message = renderApplicationDecision(e.decision, profile.language, { type: e.partnerType, reason: e.reason });
    const queued = await queue.queueMessage(
      { userId: e.userId, category: categoryOf(`decision:${e.decision}`), channel: 'email', recipient: profile.email, ...message },
      db,
    );
    if (queued) nudge();
  });
}
