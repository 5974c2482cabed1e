import type { WebhooksService } from './webhooks-service.js';

interface WorkerLog {
  warn(object: object, message: string): void;
}

/**
 * Runs the relay and the sends in the background of every instance: each second, and soon after a nudge (a commit
 * that queued changes, an event queued by hand). Rounds never overlap on one instance; instances share the work
 * through the relay's lock and the sends' claims.
 */
export function createWebhookWorker(options: {
  webhooks: Pick<WebhooksService, 'relayOnce' | 'deliverDue'>;
  log: WorkerLog;
  pollIntervalMs?: number;
  nudgeDelayMs?: number;
}) {
  const { webhooks, log, pollIntervalMs = 1_000, nudgeDelayMs = 10 } = options;
  let timer: NodeJS.Timeout | undefined;
  let nudged: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /**
   * A nudge means a commit may have queued changes: the relay is asked, and the sends only when it made some. Sends
   * due for a retry, or made by another instance, wait for the poll, which asks both (a retry waits seconds anyway):
   * under load that is one statement a nudge instead of two.
   */
  async function round(polled: boolean) {
    let askSends = polled;
    do {
      again = false;
      const relayed = await webhooks.relayOnce();
      const sent = askSends || relayed > 0 ? await webhooks.deliverDue() : 0;
      askSends = sent > 0;
      if (relayed > 0 || sent > 0) again = true;
    } while (again && !stopped);
  }

  function run(polled: boolean): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = round(polled)
      .catch((err: unknown) => {
        if (!stopped) log.warn({ err }, 'webhooks: round failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      timer ??= setInterval(() => void run(true), pollIntervalMs);
      timer.unref();
    },
    nudge() {
      if (stopped || nudged) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        void run(false);
      }, nudgeDelayMs);
      nudged.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(nudged);
      timer = undefined;
      nudged = undefined;
      await running;
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
