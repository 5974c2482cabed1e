/**
 * Bounds work that is heavy on memory or threads (decoding images) or holds a scarce resource (a database
 * connection): at most `concurrency` tasks run at once, up to `queueLimit` more wait their turn in arrival order,
 * and past that (or past `maxWaitMs` in the queue) `run` refuses with the error `whenFull` makes, so a burst never
 * queues without bound (docs/decisions/045, 050).
 */
export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks that may run at once. */
  readonly concurrency: number;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a turn now. */
  readonly waiting: number;
}

export interface ConcurrencyLimiterOptions {
  concurrency: number;
  queueLimit: number;
  /** The error a task gets when every slot is taken and the queue is full, or its wait ran out. */
  whenFull: () => Error;
  /** Longest a task waits in the queue for a slot; unset, as long as it takes. */
  maxWaitMs?: number;
}

export function createConcurrencyLimiter({
  concurrency,
  queueLimit,
  whenFull,
  maxWaitMs,
}: ConcurrencyLimiterOptions): ConcurrencyLimiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  if (!Number.isInteger(queueLimit) || queueLimit < 0)
    throw new RangeError('queueLimit must be a non-negative integer');
  let running = 0;
  const queue: Array<() => void> = [];

  /** A finished task hands its slot straight to the first waiting one, so none can overtake it. */
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) {
        running += 1;
      } else if (queue.length < queueLimit) {
        await new Promise<void>((resolve, reject) => {
          if (maxWaitMs === undefined) {
            queue.push(resolve);
            return;
          }
          const turn = () => {
            clearTimeout(timer);
            resolve();
          };
          // A task given up on leaves the queue, so the slot it never took goes to the next.
          const timer = setTimeout(() => {
            queue.splice(queue.indexOf(turn), 1);
            reject(whenFull());
          }, maxWaitMs);
          queue.push(turn);
        });
      } else {
        throw whenFull();
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    concurrency,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
