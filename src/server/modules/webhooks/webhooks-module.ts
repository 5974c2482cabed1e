import type { Env } from '../../config/env.js';
import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { createSecretBox } from './webhook-signing.js';
import { subscribeWebhookNudges } from './webhook-nudges.js';
import { createWebhookWorker } from './webhook-worker.js';
import { createWebhooksRepository } from './webhooks-repository.js';
import { createWebhooksService } from './webhooks-service.js';

/** Outside production only: a key anyone can read in the code, so development needs no configuration. */
export const DEVELOPMENT_SECRETS_KEY = Buffer.from('lanefreight-development-only-key', 'utf8');

type ServiceDeps = Parameters<typeof createWebhooksService>[0];

/** The webhooks module as the composition root wires it: the service, its background worker, the nudges. */
export function createWebhooks(
  env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_SECRETS_KEY' | 'WEBHOOK_LOCAL_TARGETS'>,
  db: Executor,
  events: Pick<DomainEvents, 'onPublisher'>,
  deps: Omit<ServiceDeps, 'repository' | 'secrets' | 'policy' | 'onQueued'>,
) {
  const key = env.WEBHOOK_SECRETS_KEY ? Buffer.from(env.WEBHOOK_SECRETS_KEY, 'base64') : env.NODE_ENV === 'production' ? null : DEVELOPMENT_SECRETS_KEY;
  const nudge = { worker: () => {} };
  const service = createWebhooksService({
    ...deps,
    repository: createWebhooksRepository(db),
    secrets: key ? createSecretBox(key) : null,
    policy: { allowLoopback: env.WEBHOOK_LOCAL_TARGETS === 'allow' },
    onQueued: () => nudge.worker(),
  });
  const worker = createWebhookWorker({ webhooks: service, log: deps.log });
  nudge.worker = () => worker.nudge();
  subscribeWebhookNudges(events, () => worker.nudge());
  return { service, worker };
}
