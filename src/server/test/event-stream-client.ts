/**
 * A server-sent-events client over a streaming fetch, for tests against a listening app (inject does not stream).
 * It keeps every event and comment it has read, and waits for more.
 */
export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  comments: string[];
  retry: number | null;
  /** Waits until `count` events (of `name`, when given) have arrived; returns them. */
  waitFor(count: number, name?: string, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  baseUrl: string,
  options: { token?: string; lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(`${baseUrl}/api/events${options.query ?? ''}`, { headers, signal: controller.signal });

  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    retry: null,
    ended: Promise.resolve(),
    waitFor: async () => [],
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    stream.ended = response.text().then(() => undefined);
    return stream;
  }

  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };

  function parseBlock(block: string) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
      else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
    }
    if (data.length > 0) stream.events.push({ id, event, data: JSON.parse(data.join('\n')) });
  }

  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        notify();
      }
    } catch {
      // Aborted by close().
    }
    notify();
  })();

  stream.waitFor = async (count, name, timeoutMs = 3_000) => {
    const deadline = Date.now() + timeoutMs;
    const matching = () => stream.events.filter((e) => name === undefined || e.event === name);
    while (matching().length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`waited for ${count} ${name ?? 'events'}, got ${JSON.stringify(stream.events)}`);
      }
      await Promise.race([changed, new Promise((resolve) => setTimeout(resolve, left))]);
    }
    return matching();
  };
  return stream;
}
