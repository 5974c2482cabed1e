/**
 * Bounds work that is heavy on memory or threads (decoding images): at most `concurrency` tasks run at once, up to
 * `queueLimit` more wait their turn in arrival order, and past that `run` refuses at once with the error
 * `whenFull` makes, so a burst never queues without bound (docs/decisions/045).
 */
export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a turn now. */
  readonly waiting: number;
}

export interface ConcurrencyLimiterOptions {
  concurrency: number;
  queueLimit: number;
  /** The error a task gets when every slot is taken and the queue is full. */
  whenFull: () => Error;
}

export function createConcurrencyLimiter({
  concurrency,
  queueLimit,
  whenFull,
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
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        throw whenFull();
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
