import type { FastifyBaseLogger } from 'fastify';
import type { MessageTransports } from '../../adapters/messages/index.js';
import type { OutboxRepository } from './outbox-repository.js';

/** What other modules may do with the outbox: write a message in their transaction (then nudge the worker). */
export type OutboxWriter = Pick<OutboxRepository, 'insertMessage'>;
/** What a deleted account's erasure removes (decision 059). */
export type OutboxEraser = Pick<OutboxRepository, 'deleteForRecipients'>;
/** What the development mailbox reads. */
export type OutboxReader = Pick<OutboxRepository, 'listForRecipient' | 'findById'>;
/** What the dev outbox's retention removes. */
export type OutboxPruner = Pick<OutboxRepository, 'deleteOlderThan'>;

export interface OutboxWorkerOptions {
  repository: OutboxRepository;
  transports: MessageTransports;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollIntervalMs?: number;
  /**
   * How long a nudge waits before its round, gathering the nudges that follow into the same claim. Under load one
   * round then carries many messages (one claim, one mark) instead of a round per commit; alone, a message waits
   * this long, which no one reading an SMS notices.
   */
  nudgeDelayMs?: number;
  batchSize?: number;
  /** After this many failed attempts a message is marked failed and left alone. */
  maxAttempts?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed message is reserved for this worker before another may retry it. */
  leaseMs?: number;
  now?: () => Date;
}

export interface OutboxWorker {
  start(): void;
  /** Asks for a delivery round now (after a commit that wrote messages). */
  nudge(): void;
  /** One delivery round; resolves when the claimed messages are settled. Exposed for tests and scripts. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Exponential backoff with full jitter on the upper half: base·2^(n−1), capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    repository,
    transports,
    log,
    pollIntervalMs = 1_000,
    nudgeDelayMs = 25,
    batchSize = 20,
    maxAttempts = 8,
    baseBackoffMs = 2_000,
    maxBackoffMs = 10 * 60_000,
    leaseMs = 60_000,
    now = () => new Date(),
  } = options;

  let timer: NodeJS.Timeout | undefined;
  let nudged: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let started = false;
  let closing = false;

  async function deliverBatch(): Promise<number> {
    const claimed = await repository.claimDue(batchSize, now(), leaseMs);
    // Sent messages are marked together once the batch is through (one statement, not one each); a crash before
    // that leaves them pending, to be sent again when their lease ends, as a crash after any single send would.
    const sent = { keepBody: [] as string[], forgetBody: [] as string[] };
    await Promise.all(
      claimed.map(async (message) => {
        const transport = transports[message.channel];
        try {
          await transport.send({ channel: message.channel, to: message.recipient, subject: message.subject, body: message.body });
          // The dev outbox is the mailbox people read codes from; a real provider has them now, so the row need not.
          (message.holdsSecret && transport.name !== 'dev-outbox' ? sent.forgetBody : sent.keepBody).push(message.id);
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          const giveUp = message.attempts >= maxAttempts;
          const retryAt = giveUp ? null : new Date(now().getTime() + backoffMs(message.attempts, baseBackoffMs, maxBackoffMs));
          await repository.markFailedAttempt(message.id, reason, retryAt);
          // The recipient and body stay out of the log: the body carries a code.
          const entry = { messageId: message.id, channel: message.channel, transport: transport.name, attempt: message.attempts, reason };
          if (giveUp) log.error(entry, 'outbox: giving up on message');
          else log.warn({ ...entry, retryAt }, 'outbox: delivery failed; will retry');
        }
      }),
    );
    await repository.markSent(sent.keepBody, now());
    await repository.markSent(sent.forgetBody, now(), { forgetBody: true });
    return claimed.length;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          const count = await deliverBatch();
          total += count;
          if (count === batchSize) again = true;
        } while (again && !closing);
      } catch (err) {
        if (!closing) log.warn({ err }, 'outbox: delivery round failed');
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  return {
    start() {
      if (started) return;
      started = true;
      closing = false;
      timer = setInterval(() => void runOnce(), pollIntervalMs);
      timer.unref();
      void runOnce();
    },
    nudge() {
      if (!started || closing || nudged) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        void runOnce();
      }, nudgeDelayMs);
    },
    runOnce,
    async stop() {
      closing = true;
      started = false;
      if (timer) clearInterval(timer);
      if (nudged) clearTimeout(nudged);
      timer = undefined;
      nudged = undefined;
      await running;
    },
  };
}
