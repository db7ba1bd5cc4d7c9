import { EventEmitter } from 'node:events';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_STREAM_HEADERS, EventStreamHub, eventFrame, lastEventVersion } from './event-stream-hub';

/** A viewer's response that keeps what is written to it; `close()` is the socket closing. */
function fakeResponse(options: { writableLength?: number } = {}) {
  const written: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    destroyed: false,
    writableEnded: false,
    writableLength: options.writableLength ?? 0,
    write: (text: string) => written.push(text),
    end: () => {
      res.writableEnded = true;
    },
    destroy: () => {
      res.destroyed = true;
      res.emit('close');
    },
    close: () => {
      res.destroyed = true;
      res.emit('close');
    },
  });
  return { res, written, asResponse: res as unknown as ServerResponse };
}

const hubs: EventStreamHub[] = [];
function hub(settings: Partial<ConstructorParameters<typeof EventStreamHub>[0]> = {}, gauge?: { inc(): void; dec(): void }) {
  const made = new EventStreamHub({ perAddress: 2, keepAliveMs: 60_000, ...settings }, gauge);
  hubs.push(made);
  return made;
}
afterEach(() => {
  for (const each of hubs.splice(0)) each.close();
});

describe('the event stream format', () => {
  it('writes an event with its id, name and JSON data, the id left out when there is none', () => {
    expect(eventFrame('seats', 4, { from: 3 })).toBe('id: 4\nevent: seats\ndata: {"from":3}\n\n');
    expect(eventFrame('gone', undefined, { showId: 'x' })).toBe('event: gone\ndata: {"showId":"x"}\n\n');
  });

  it('reads the version a reconnection names in Last-Event-ID, and nothing else', () => {
    expect(lastEventVersion('17')).toBe(17);
    expect(lastEventVersion('0')).toBe(0);
    expect(lastEventVersion(undefined)).toBeUndefined();
    expect(lastEventVersion('')).toBeUndefined();
    expect(lastEventVersion('-1')).toBeUndefined();
    expect(lastEventVersion('1e3')).toBeUndefined();
    expect(lastEventVersion('1234567890123456')).toBeUndefined();
    expect(lastEventVersion(' 7')).toBeUndefined();
  });

  it('opens a stream with a head no cache or proxy keeps', () => {
    expect(EVENT_STREAM_HEADERS).toEqual({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
  });
});

describe('the event stream hub', () => {
  it("counts each client's streams against its limit until they close", () => {
    const streams = hub({ perAddress: 2 });
    const channel = streams.channel();
    expect(streams.admit('10.0.0.1')).toBe(true);
    expect(streams.admit('10.0.0.1')).toBe(true);
    expect(streams.admit('10.0.0.1')).toBe(false);
    expect(streams.admit('10.0.0.2')).toBe(true);
    const first = fakeResponse();
    channel.join(first.asResponse, '10.0.0.1', '');
    first.res.close();
    expect(streams.openBy('10.0.0.1')).toBe(1);
    expect(streams.admit('10.0.0.1')).toBe(true);
    streams.release('10.0.0.1');
    streams.release('10.0.0.1');
    expect(streams.openBy('10.0.0.1')).toBe(0);
    // A stream counted elsewhere (no address) gives nothing back when it closes.
    const relayed = fakeResponse();
    channel.join(relayed.asResponse, undefined, '');
    relayed.res.close();
    expect(streams.openBy('10.0.0.2')).toBe(1);
  });

  it('charges a client a stream kept open on its behalf, whatever its limit', () => {
    const streams = hub({ perAddress: 1 });
    expect(streams.admit('10.0.0.1')).toBe(true);
    streams.charge('10.0.0.1');
    expect(streams.openBy('10.0.0.1')).toBe(2);
    streams.release('10.0.0.1');
    expect(streams.admit('10.0.0.1')).toBe(false);
  });

  it('opens each stream with retry and its first event, then sends every viewer of the channel the same text', () => {
    const streams = hub({ retryMs: 1500 });
    const channel = streams.channel();
    const other = streams.channel();
    const a = fakeResponse();
    const b = fakeResponse();
    const c = fakeResponse();
    expect(channel.join(a.asResponse, undefined, eventFrame('snapshot', 1, {}))).toBe(true);
    channel.join(b.asResponse, undefined, '');
    other.join(c.asResponse, undefined, '');
    channel.broadcast('event: x\ndata: 1\n\n');
    expect(a.written).toEqual(['retry: 1500\n\nid: 1\nevent: snapshot\ndata: {}\n\n', 'event: x\ndata: 1\n\n']);
    expect(b.written).toEqual(['retry: 1500\n\n', 'event: x\ndata: 1\n\n']);
    expect(c.written).toEqual(['retry: 1500\n\n']);
    expect(channel.size).toBe(2);
    expect(streams.viewers).toBe(3);
  });

  it('drops a viewer whose socket holds more than the cap unsent, rather than buffer without end', () => {
    const streams = hub({ maxUnsentBytes: 100 });
    const channel = streams.channel();
    const slow = fakeResponse();
    const quick = fakeResponse();
    channel.join(slow.asResponse, undefined, '');
    channel.join(quick.asResponse, undefined, '');
    slow.res.writableLength = 101;
    channel.broadcast('data: 1\n\n');
    expect(slow.res.destroyed).toBe(true);
    expect(slow.written).toEqual(['retry: 1000\n\n']);
    expect(quick.written).toEqual(['retry: 1000\n\n', 'data: 1\n\n']);
    expect(channel.size).toBe(1);
  });

  it('keeps idle streams open with a comment every keepAliveMs, to the channels still live', async () => {
    const streams = hub({ keepAliveMs: 30 });
    const live = streams.channel();
    const ended = streams.channel();
    const a = fakeResponse();
    const b = fakeResponse();
    live.join(a.asResponse, undefined, '');
    ended.join(b.asResponse, undefined, '');
    ended.end();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(a.written.slice(1)).toContain(': keep-alive\n\n');
    expect(b.written).toEqual(['retry: 1000\n\n']);
    expect(b.res.writableEnded).toBe(true);
  });

  it('tells the channel when its last viewer leaves, and counts the streams open in the gauge', () => {
    const gauge = { open: 0, inc: () => (gauge.open += 1), dec: () => (gauge.open -= 1) };
    const streams = hub({}, gauge);
    let emptied = 0;
    const channel = streams.channel(() => (emptied += 1));
    const a = fakeResponse();
    const b = fakeResponse();
    channel.join(a.asResponse, undefined, '');
    channel.join(b.asResponse, undefined, '');
    expect(gauge.open).toBe(2);
    a.res.close();
    a.res.close();
    expect(emptied).toBe(0);
    b.res.close();
    expect(emptied).toBe(1);
    expect(gauge.open).toBe(0);
    expect(streams.viewers).toBe(0);
  });

  it('lets go at once of a viewer that left before it joined (its close has been and gone)', () => {
    const streams = hub();
    let emptied = 0;
    const channel = streams.channel(() => (emptied += 1));
    expect(streams.admit('10.0.0.1')).toBe(true);
    const gone = fakeResponse();
    gone.res.destroyed = true;
    expect(channel.join(gone.asResponse, '10.0.0.1', 'data: 1\n\n')).toBe(false);
    expect(gone.written).toEqual([]);
    expect(streams.openBy('10.0.0.1')).toBe(0);
    expect(streams.viewers).toBe(0);
    expect(emptied).toBe(1);
  });

  it('ends every stream when closed, and sends nothing after', () => {
    const streams = hub();
    const channel = streams.channel();
    const a = fakeResponse();
    channel.join(a.asResponse, undefined, '');
    streams.close();
    channel.broadcast('data: late\n\n');
    expect(a.res.writableEnded).toBe(true);
    expect(a.written).toEqual(['retry: 1000\n\n']);
  });
});

describe('the event stream hub over a real socket', () => {
  let server: Server;
  let url: string;
  const streams = new EventStreamHub({ perAddress: 5, keepAliveMs: 60_000 });
  const channel = streams.channel();

  beforeAll(async () => {
    server = createServer((_request, res) => {
      res.writeHead(200, { ...EVENT_STREAM_HEADERS });
      channel.join(res, '127.0.0.1', eventFrame('hello', 1, { n: 1 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    streams.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('streams the events as they are broadcast, and counts the viewer out when it hangs up', async () => {
    streams.admit('127.0.0.1');
    let text = '';
    const request = httpRequest(url, { headers: { accept: 'text/event-stream' } });
    const received = new Promise<void>((resolve) => {
      request.on('response', (response) => {
        expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: next')) resolve();
          else if (text.includes('event: hello')) channel.broadcast(eventFrame('next', 2, { n: 2 }));
        });
      });
    });
    request.end();
    await received;
    expect(text).toBe('retry: 1000\n\nid: 1\nevent: hello\ndata: {"n":1}\n\nid: 2\nevent: next\ndata: {"n":2}\n\n');
    expect(streams.openBy('127.0.0.1')).toBe(1);
    request.destroy();
    for (let i = 0; i < 50 && streams.viewers > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(streams.viewers).toBe(0);
    expect(streams.openBy('127.0.0.1')).toBe(0);
  });
});
