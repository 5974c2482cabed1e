/**
 * How long the first item of a group waits for company before its write starts. Under load a few milliseconds
 * gather several times the items into one statement (measured on the dispatch cycle: about one statement a job
 * fewer, and less CPU a job on both sides); alone, an item waits this long, which no one notices in a notification.
 */
export const GATHER_MS = 3;

/**
 * Group commit: everything submitted while a write is in flight (or within `gatherMs` of the first) goes into
 * the next single write, which returns one result per item, in order. One write at a time keeps submissions in
 * order. A write that fails is retried item by item, so one bad item (a user deleted meanwhile) does not fail the
 * others with it.
 */
export function createGroupCommit<I, O>(write: (items: readonly I[]) => Promise<readonly O[]>, { gatherMs = GATHER_MS } = {}) {
  let waiting: { item: I; resolve: (result: O) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function drain() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const entry of batch) {
          try {
            entry.resolve((await write([entry.item]))[0]!);
          } catch (own) {
            entry.reject(own);
          }
        }
      }
    }
    writing = false;
  }

  return {
    /** Resolves with the item's result once the write that carried it has committed. */
    submit(item: I): Promise<O> {
      return new Promise((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (!writing) {
          writing = true;
          if (gatherMs > 0) setTimeout(() => void drain(), gatherMs);
          else setImmediate(() => void drain());
        }
      });
    },
  };
}
