import { installFakeApi, fakeEventStream } from './testing/fake-api';
import { eventStreamParser, openEventStream, type StreamEvent, type StreamStatus } from './event-stream';

describe('eventStreamParser', () => {
  it('parses events split anywhere across chunks, with CRLF, CR and LF line ends, comments and ids', () => {
    const events: StreamEvent[] = [];
    const parser = eventStreamParser((event) => events.push(event));
    const text = ': ping\r\nevent: standing\r\ndata: {"a":\r\ndata: 1}\r\nid: 7\r\n\r\ndata:plain\n\nevent: line\rdata: x\r\r: next\n';
    for (const character of text) parser.push(character);
    expect(events).toEqual([
      { type: 'standing', data: '{"a":\n1}', id: '7' },
      { type: 'message', data: 'plain', id: '7' },
      { type: 'line', data: 'x', id: '7' },
    ]);
    expect(parser.state.lastId).toBe('7');
  });

  it('keeps the retry the server asks for, and dispatches nothing for an event without data', () => {
    const events: StreamEvent[] = [];
    const parser = eventStreamParser((event) => events.push(event));
    parser.push('retry: 2500\n\nevent: empty\n\n');
    expect(events).toEqual([]);
    expect(parser.state.retry).toBe(2500);
  });
});

describe('openEventStream', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('sends the bearer token, delivers events, opens a dropped stream again naming the last id, and stops when closed', async () => {
    const stream = fakeEventStream();
    const api = installFakeApi().on('GET', '/api/presales/p1/me/stream', { status: 200, stream });
    const events: StreamEvent[] = [];
    const statuses: StreamStatus['status'][] = [];
    const close = openEventStream('/presales/p1/me/stream', {
      token: 'tok',
      retryMs: 5,
      onEvent: (event) => events.push(event),
      onStatus: (status) => statuses.push(status.status),
    });
    await flush();
    expect(api.requests[0]?.headers).toMatchObject({ Authorization: 'Bearer tok', Accept: 'text/event-stream' });
    stream.send('standing', { position: 3 }, '1');
    await flush();
    expect(events).toEqual([{ type: 'standing', data: '{"position":3}', id: '1' }]);

    stream.drop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stream.opened).toBe(2);
    expect(api.requests[1]?.headers['Last-Event-ID']).toBe('1');
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);

    close();
    expect(stream.open).toBe(0);
    stream.send('standing', { position: 2 });
    await flush();
    expect(events).toHaveLength(1);
  });

  it('gives up on a refusal (401): no stream is opened again', async () => {
    const api = installFakeApi().on('GET', '/api/presales/p1/me/stream', { status: 401, body: { error: 'Debes iniciar sesión' } });
    const statuses: StreamStatus[] = [];
    openEventStream('/presales/p1/me/stream', {
      token: null,
      retryMs: 1,
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statuses).toEqual([{ status: 'refused', httpStatus: 401 }]);
    expect(api.requests).toHaveLength(1);
  });
});
