import type { StoredLiveEvent } from './live-events-repository.js';

/** Where a connection writes: the raw HTTP response of one open /api/events request. */
export interface LiveSink {
  write(chunk: string): boolean;
  /** Bytes written but not yet taken by the socket. */
  readonly writableLength: number;
  end(): void;
}

export interface LiveHistory {
  /** The user's last event number (0 before the first). */
  findHead(userId: string): Promise<number>;
  /** Events after `afterSeq` that are still kept, oldest first; at most the newest CATCH_UP_LIMIT. */
  findKeptAfter(userId: string, afterSeq: number): Promise<StoredLiveEvent[]>;
}

interface Connection {
  userId: string;
  /** The user's roles when the stream opened: who hears a role's signals. */
  roles: readonly string[];
  sink: LiveSink;
  /** The last event number this client has (sent now, or before a reconnect). */
  lastSeq: number;
  /** While the history is read, live events wait here, so none is missed or sent twice. */
  pending: StoredLiveEvent[] | null;
  closed: boolean;
}

/** A client that lets this much pile up is dropped; it reconnects and catches up from the history. */
const MAX_UNSENT_BYTES = 1024 * 1024;

export function formatEvent(event: StoredLiveEvent): string {
  return `id: ${event.seq}\nevent: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * This instance's open streams, by user. Every event for a user reaches each of that user's connections here,
 * in number order: an event that skips a number sends the connection to the history first.
 */
export function createLiveHub(options: { history: LiveHistory; heartbeatMs: number; maxPerUser: number }) {
  const { history, heartbeatMs, maxPerUser } = options;
  const byUser = new Map<string, Set<Connection>>();
  let count = 0;

  function write(connection: Connection, chunk: string) {
    if (connection.closed) return;
    connection.sink.write(chunk);
    if (connection.sink.writableLength > MAX_UNSENT_BYTES) drop(connection);
  }

  function drop(connection: Connection) {
    if (connection.closed) return;
    connection.closed = true;
    count -= 1;
    const set = byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) byUser.delete(connection.userId);
    connection.sink.end();
  }

  function deliver(connection: Connection, event: StoredLiveEvent) {
    if (connection.closed) return;
    if (connection.pending) {
      connection.pending.push(event);
      return;
    }
    if (event.seq <= connection.lastSeq) return;
    if (event.seq === connection.lastSeq + 1) {
      connection.lastSeq = event.seq;
      write(connection, formatEvent(event));
      return;
    }
    // A number is missing (it travels on another route, e.g. from another instance): read it from the history.
    void catchUp(connection, [event]);
  }

  function resync(connection: Connection, toSeq: number) {
    write(connection, 'event: resync\ndata: {}\n\n');
    connection.lastSeq = toSeq;
  }

  /** Sends what is newer than the connection has, in order; a gap here is one the history could not fill. */
  function sendInOrder(connection: Connection, events: StoredLiveEvent[]) {
    for (const event of events.sort((a, b) => a.seq - b.seq)) {
      if (event.seq <= connection.lastSeq) continue;
      if (event.seq !== connection.lastSeq + 1) resync(connection, event.seq - 1);
      connection.lastSeq = event.seq;
      write(connection, formatEvent(event));
    }
  }

  /** Reads what the connection missed; live events arriving meanwhile wait in `pending`, then go out after it. */
  async function catchUp(connection: Connection, waiting: StoredLiveEvent[], head?: number) {
    connection.pending = waiting;
    let missed: StoredLiveEvent[];
    try {
      missed = await history.findKeptAfter(connection.userId, connection.lastSeq);
    } catch {
      drop(connection);
      return;
    }
    // Nothing kept although the user has newer events: they are older than the history keeps.
    if (missed.length === 0 && head !== undefined && head > connection.lastSeq) resync(connection, head);
    sendInOrder(connection, missed);
    const arrived = connection.pending ?? [];
    connection.pending = null;
    sendInOrder(connection, arrived);
  }

  async function start(connection: Connection, lastEventId: number | null) {
    let head: number;
    try {
      head = await history.findHead(connection.userId);
    } catch {
      drop(connection);
      return;
    }
    if (lastEventId === null || lastEventId > head) {
      // A fresh client starts from now; an id from the future (another database) cannot be caught up from.
      if (lastEventId !== null) write(connection, 'event: resync\ndata: {}\n\n');
      connection.lastSeq = head;
      const arrived = connection.pending ?? [];
      connection.pending = null;
      // One that skips a number sends the stream to the history (and the rest wait for it).
      for (const event of arrived.sort((a, b) => a.seq - b.seq)) deliver(connection, event);
      return;
    }
    connection.lastSeq = lastEventId;
    await catchUp(connection, connection.pending ?? [], head);
  }

  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) for (const connection of set) write(connection, ': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** False when the user already has the maximum number of streams open here. */
    canOpen: (userId: string) => (byUser.get(userId)?.size ?? 0) < maxPerUser,

    /**
     * Registers the stream before reading the history, so an event committed meanwhile waits in `pending`
     * instead of being lost; numbers already sent are skipped. Returns the function that unregisters it.
     */
    open(userId: string, sink: LiveSink, lastEventId: number | null, roles: readonly string[] = []): () => void {
      const connection: Connection = { userId, roles, sink, lastSeq: 0, pending: [], closed: false };
      const set = byUser.get(userId) ?? new Set();
      set.add(connection);
      byUser.set(userId, set);
      count += 1;
      void start(connection, lastEventId);
      return () => drop(connection);
    },

    publish(userId: string, event: StoredLiveEvent) {
      const set = byUser.get(userId);
      if (set) for (const connection of [...set]) deliver(connection, event);
    },

    /**
     * Tells every stream of a role on this instance that something they all see changed (the drivers' duty, for
     * operators). A signal has no number and is not kept: it only says "ask again", and a client that missed it
     * asks anyway when it reconnects or opens the screen (decision 063).
     */
    signal(role: string, name: string) {
      for (const set of byUser.values()) {
        for (const connection of set) if (connection.roles.includes(role)) write(connection, `event: ${name}\ndata: {}\n\n`);
      }
    },

    get connectionCount() {
      return count;
    },

    /** Ends the user's streams on this instance (a deleted account, decision 059). */
    closeUser(userId: string) {
      for (const connection of [...(byUser.get(userId) ?? [])]) drop(connection);
    },

    /** Ends every stream (the server is closing); clients reconnect to another instance. */
    closeAll() {
      clearInterval(heartbeat);
      for (const set of [...byUser.values()]) for (const connection of [...set]) drop(connection);
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
