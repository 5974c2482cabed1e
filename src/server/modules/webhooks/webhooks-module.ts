import type { Env } from '../../config/env.js';
import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { configuredSecretBox } from '../../lib/secret-box.js';
import { subscribeWebhookNudges } from './webhook-nudges.js';
import { createWebhookWorker } from './webhook-worker.js';
import { createWebhooksRepository } from './webhooks-repository.js';
import { createWebhooksService } from './webhooks-service.js';

/** Outside production only: a key anyone can read in the code, so development needs no configuration. */
export const DEVELOPMENT_SECRETS_KEY = Buffer.from('lanefreight-development-only-key', 'utf8');

type ServiceDeps = Parameters<typeof createWebhooksService>[0];

/** How often the retention sweep looks for events past WEBHOOK_RETENTION_MS (an index probe when there are none). */
export const WEBHOOK_RETENTION_EVERY_MS = 15 * 60 * 1000;

/** The webhooks module as the composition root wires it: the service, its background worker, the nudges. */
export function createWebhooks(
  env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_SECRETS_KEY' | 'WEBHOOK_LOCAL_TARGETS'>,
  db: Executor,
  events: Pick<DomainEvents, 'onPublisher'>,
  deps: Omit<ServiceDeps, 'repository' | 'secrets' | 'policy' | 'onQueued'> & { log: ServiceDeps['log'] & { error(object: object, message: string): void } },
) {
  const nudge = { worker: () => {} };
  const service = createWebhooksService({
    ...deps,
    repository: createWebhooksRepository(db),
    secrets: configuredSecretBox(env.WEBHOOK_SECRETS_KEY, env.NODE_ENV === 'production', DEVELOPMENT_SECRETS_KEY),
    policy: { allowLoopback: env.WEBHOOK_LOCAL_TARGETS === 'allow' },
    onQueued: () => nudge.worker(),
  });
  const sender = createWebhookWorker({ webhooks: service, log: deps.log });
  nudge.worker = () => sender.nudge();
  subscribeWebhookNudges(events, () => sender.nudge());
  // Every instance runs it; one at a time does the work (the sweep's lock), in short batches.
  const retention = createPeriodicJob({
    name: 'webhook retention sweep',
    everyMs: WEBHOOK_RETENTION_EVERY_MS,
    log: deps.log,
    run: () => service.sweepRetention(),
  });
  /** The background work: the relay and the sends, and the retention sweep. */
  const worker = {
    start() {
      sender.start();
      retention.start();
    },
    nudge: () => sender.nudge(),
    async stop() {
      await Promise.all([sender.stop(), retention.stop()]);
    },
  };
  return { service, worker };
}
