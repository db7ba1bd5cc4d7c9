/**
 * Server-sent events that need the session's token (issue 40: GET /api/presales/{id}/me/stream). The
 * browser's EventSource cannot send an Authorization header, so the stream is read with fetch and a
 * ReadableStream, parsed as the HTML standard's event-stream format says (a few lines: no library), and
 * opened again when it drops, as EventSource would, naming the last event id it had.
 */
import { apiUrl } from './api-client';

/** One event of the stream: its type ('message' when the server named none), its data, its id. */
export interface StreamEvent {
  type: string;
  data: string;
  id: string;
}

/**
 * Feeds event-stream text to `onEvent`, chunk by chunk as it arrives (a line or an event may span
 * chunks). Answers the parser's `push`; `retry` says the reconnection time the server asked for, if any.
 */
export function eventStreamParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let lastId = '';
  const state = { retry: null as number | null, lastId: '' };

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ type: type || 'message', data: data.join('\n'), id: lastId });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) state.lastId = lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) state.retry = Number(value);
  };

  return {
    state,
    push(chunk: string) {
      buffer += chunk;
      // A line ends at CRLF, LF or CR; a CR at the very end may be the first half of a CRLF: kept for the next chunk.
      let match: RegExpExecArray | null;
      const ending = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      while ((match = ending.exec(buffer)) !== null) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
  };
}

/** What an open stream reports besides its events. */
export type StreamStatus =
  /** Connected: events flow. */
  | { status: 'open' }
  /** Dropped (or not reachable): trying again in `retryInMs`. */
  | { status: 'reconnecting'; retryInMs: number }
  /** The server refused the stream (a 401, 403, 404, 410): it is not opened again. */
  | { status: 'refused'; httpStatus: number };

export interface EventStreamOptions {
  token: string | null;
  onEvent: (event: StreamEvent) => void;
  onStatus?: (status: StreamStatus) => void;
  /** First wait before opening a dropped stream again (doubles to `maxRetryMs` while it keeps failing). */
  retryMs?: number;
  maxRetryMs?: number;
}

const REFUSED = new Set([400, 401, 403, 404, 410]);

/**
 * Opens the API's event stream at `path` with the bearer token and keeps it open until the answered
 * function is called. A dropped stream is opened again (Last-Event-ID names the last event had); a
 * refusal ends it.
 */
export function openEventStream(
  path: string,
  { token, onEvent, onStatus, retryMs = 1000, maxRetryMs = 15_000 }: EventStreamOptions,
): () => void {
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastId = '';
  let wait = retryMs;

  const reconnect = (serverRetry: number | null) => {
    if (closed) return;
    const delay = serverRetry ?? wait;
    wait = Math.min(maxRetryMs, wait * 2);
    onStatus?.({ status: 'reconnecting', retryInMs: delay });
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (closed) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastId) headers['Last-Event-ID'] = lastId;
    const parser = eventStreamParser((event) => {
      if (!closed) onEvent(event);
    });
    try {
      const response = await fetch(apiUrl(path), { headers, signal: controller.signal, cache: 'no-store' });
      if (REFUSED.has(response.status)) {
        onStatus?.({ status: 'refused', httpStatus: response.status });
        closed = true;
        return;
      }
      if (!response.ok || !response.body) {
        reconnect(null);
        return;
      }
      onStatus?.({ status: 'open' });
      wait = retryMs;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closed) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastId = parser.state.lastId || lastId;
      }
      reconnect(parser.state.retry);
    } catch {
      reconnect(parser.state.retry);
    }
  };

  void connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
