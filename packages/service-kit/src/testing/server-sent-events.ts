/** One server-sent event as a browser's EventSource reads it (comments and `retry` left out). */
export interface ServerSentEvent {
  event: string;
  id?: string;
  data: string;
  /** performance.now() when its last line arrived. */
  receivedAt: number;
}

/** Parses the text/event-stream format (WHATWG HTML §9.2) from chunks of text. */
class EventStreamParser {
  private buffer = '';

  constructor(private readonly onEvent: (event: ServerSentEvent) => void) {}

  push(text: string): void {
    this.buffer += text;
    for (;;) {
      const end = /\r\n\r\n|\n\n|\r\r/.exec(this.buffer);
      if (!end) return;
      const block = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      this.dispatch(block);
    }
  }

  private dispatch(block: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length === 0) return;
    this.onEvent({ event, data: data.join('\n'), receivedAt: performance.now(), ...(id === undefined ? {} : { id }) });
  }
}

/**
 * A stream of server-sent events opened with fetch (tests and benchmarks: Node has no EventSource
 * without a flag): `next()` answers the events in order.
 */
export class EventStreamClient {
  private readonly events: ServerSentEvent[] = [];
  private readonly waiters: Array<{ resolve: (event: ServerSentEvent) => void; reject: (error: Error) => void }> = [];
  private ended = false;
  /** Every event received, in order, also those already taken by next(). */
  readonly received: ServerSentEvent[] = [];

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly abort: AbortController,
  ) {}

  /** Opens the stream; answers once the answer's head arrived (a status other than 200 has no events). */
  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    const client = new EventStreamClient(response.status, response.headers, abort);
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      client.finish();
      return client;
    }
    const parser = new EventStreamParser((event) => client.deliver(event));
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.push(decoder.decode(value, { stream: true }));
        }
      } catch {
        // aborted by close(), or the connection dropped
      }
      client.finish();
    })();
    return client;
  }

  /** The next event, waiting at most `timeoutMs`. */
  next(timeoutMs = 5000): Promise<ServerSentEvent> {
    const queued = this.events.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.reject(new Error('the event stream ended'));
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (event: ServerSentEvent) => {
          clearTimeout(timer);
          resolve(event);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no event within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Whether the server ended the stream (or it dropped). */
  get isEnded(): boolean {
    return this.ended;
  }

  close(): void {
    this.abort.abort();
  }

  private deliver(event: ServerSentEvent): void {
    this.received.push(event);
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(event);
    else this.events.push(event);
  }

  private finish(): void {
    this.ended = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('the event stream ended'));
  }
}
