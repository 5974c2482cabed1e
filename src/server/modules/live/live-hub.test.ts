import { describe, expect, it } from 'vitest';
import { createLiveHub, type LiveHistory, type LiveSink } from './live-hub.js';
import type { StoredLiveEvent } from './live-events-repository.js';

function sink() {
  const chunks: string[] = [];
  const value: LiveSink & { chunks: string[]; ended: boolean; ids(): number[] } = {
    chunks,
    ended: false,
    writableLength: 0,
    write: (chunk) => (chunks.push(chunk), true),
    end() {
      value.ended = true;
    },
    ids: () => chunks.flatMap((c) => /^id: (\d+)/.exec(c)?.[1] ?? []).map(Number),
  };
  return value;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

const event = (seq: number): StoredLiveEvent => ({ seq, name: 'wallet.balance', data: { balance: seq } });

/** A history whose reads wait until released, to publish while a connection is catching up. */
function slowHistory(stored: StoredLiveEvent[]) {
  const waiting: Array<() => void> = [];
  const history: LiveHistory = {
    findHead: () => {
      const head = stored.at(-1)?.seq ?? 0; // read when asked; an event committed after it is not in it
      return new Promise((resolve) => waiting.push(() => resolve(head)));
    },
    findKeptAfter: (_userId, after) =>
      new Promise((resolve) => waiting.push(() => resolve(stored.filter((e) => e.seq > after)))),
  };
  /** Lets every waiting read finish, and the reads those start (the head, then the history). */
  const release = async () => {
    for (let round = 0; round < 5; round += 1) {
      waiting.splice(0).forEach((go) => go());
      await flush();
    }
  };
  return { history, release, stored };
}

describe('live hub', () => {
  it('an event published while a reconnect reads the history is sent once, after what was missed', async () => {
    const { history, release, stored } = slowHistory([1, 2, 3].map(event));
    const hub = createLiveHub({ history, heartbeatMs: 60_000, maxPerUser: 5 });
    const out = sink();
    hub.open('u', out, 1);
    await flush();
    // Committed during the read: 4 is in the history the read returns, and arrives live too; 5 only live.
    stored.push(event(4));
    hub.publish('u', event(4));
    await release();
    await flush();
    hub.publish('u', event(5));
    hub.publish('u', event(4));
    expect(out.ids()).toEqual([2, 3, 4, 5]);
    hub.closeAll();
  });

  it('a fresh stream starts after the head; an event published while the head is read is sent once', async () => {
    const { history, release, stored } = slowHistory([1, 2, 3].map(event));
    const hub = createLiveHub({ history, heartbeatMs: 60_000, maxPerUser: 5 });
    const out = sink();
    hub.open('u', out, null);
    stored.push(event(4));
    hub.publish('u', event(4));
    await release();
    await flush();
    hub.publish('u', event(4));
    hub.publish('u', event(5));
    expect(out.ids()).toEqual([4, 5]);
    hub.closeAll();
  });

  it('a fresh stream that hears a later number first while reading the head fills the gap from the history', async () => {
    const { history, release, stored } = slowHistory([1].map(event));
    const hub = createLiveHub({ history, heartbeatMs: 60_000, maxPerUser: 5 });
    const out = sink();
    hub.open('u', out, null);
    stored.push(event(2), event(3));
    hub.publish('u', event(3)); // 2 is still on its way from another instance
    await release();
    hub.publish('u', event(2));
    expect(out.ids()).toEqual([2, 3]);
    expect(out.chunks.join('')).not.toContain('resync');
    hub.closeAll();
  });

  it('a skipped number sends the connection to the history, which fills the gap in order', async () => {
    const { history, release, stored } = slowHistory([]);
    const hub = createLiveHub({ history, heartbeatMs: 60_000, maxPerUser: 5 });
    const out = sink();
    hub.open('u', out, null);
    await release();
    stored.push(event(1), event(2));
    hub.publish('u', event(2)); // 1 is still on its way from another instance
    await flush();
    await release();
    await flush();
    hub.publish('u', event(1));
    expect(out.ids()).toEqual([1, 2]);
    hub.closeAll();
  });

  it('missed events no longer kept are announced with resync', async () => {
    const { history, release } = slowHistory([10, 11].map(event));
    const hub = createLiveHub({ history, heartbeatMs: 60_000, maxPerUser: 5 });
    const out = sink();
    hub.open('u', out, 3);
    await flush();
    await release();
    await flush();
    expect(out.chunks[0]).toContain('event: resync');
    expect(out.ids()).toEqual([10, 11]);
    hub.closeAll();
  });

  it('limits streams per user and ends them all on close', async () => {
    const hub = createLiveHub({ history: slowHistory([]).history, heartbeatMs: 60_000, maxPerUser: 2 });
    const sinks = [sink(), sink()];
    for (const s of sinks) hub.open('u', s, null);
    expect(hub.canOpen('u')).toBe(false);
    expect(hub.canOpen('someone else')).toBe(true);
    hub.closeAll();
    expect(sinks.every((s) => s.ended)).toBe(true);
    expect(hub.connectionCount).toBe(0);
  });
});
