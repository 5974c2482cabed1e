/** The little a periodic job needs to say it failed. */
interface JobLog {
  error(object: object, message: string): void;
}

/**
 * Work done every `everyMs` in the background of each instance (sweeps, reconciliation): rounds never overlap, a
 * failed round is logged and the next one runs as planned, and `stop` waits for the round under way.
 */
export function createPeriodicJob(options: { name: string; everyMs: number; run: () => Promise<unknown>; log: JobLog }) {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | null = null;

  const runRound = () => {
    round ??= options
      .run()
      .then(() => undefined)
      .catch((err: unknown) => options.log.error({ err }, `${options.name} failed`))
      .finally(() => {
        round = null;
      });
    return round;
  };

  return {
    start() {
      timer ??= setInterval(() => void runRound(), options.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await round;
    },
  };
}
export type PeriodicJob = ReturnType<typeof createPeriodicJob>;
