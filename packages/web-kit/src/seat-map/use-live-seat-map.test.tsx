import { act, renderHook } from '@testing-library/react';
import { useLiveSeatMap } from './use-live-seat-map';

/** A browser EventSource as the hook uses it: the test sends its events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  send(type: string, data: unknown): void {
    act(() => this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>));
  }
}

const layout = { rows: [3], aisles: [], wheelchair: [] };

beforeEach(() => {
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('useLiveSeatMap', () => {
  it('follows the stream: a snapshot, then deltas', () => {
    const { result, unmount } = renderHook(() => useLiveSeatMap('s1'));
    expect(result.current.status).toBe('loading');
    const stream = FakeEventSource.opened[0] as FakeEventSource;
    expect(stream.url).toBe('/api/show/s1/seats/stream');
    stream.send('snapshot', { showId: 's1', roomId: 1, version: 2, layout, taken: {} });
    stream.send('seats', { from: 2, version: 3, seats: { A2: 'held' } });
    expect(result.current).toEqual({ status: 'live', map: { showId: 's1', roomId: 1, version: 3, layout, taken: { A2: 'held' } } });
    unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens a new stream (a snapshot) when a version was missed', () => {
    const { result } = renderHook(() => useLiveSeatMap('s1'));
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.send('snapshot', { showId: 's1', roomId: 1, version: 2, layout, taken: {} });
    first.send('seats', { from: 4, version: 5, seats: { A1: 'sold' } });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    const second = FakeEventSource.opened[1] as FakeEventSource;
    second.send('snapshot', { showId: 's1', roomId: 1, version: 5, layout, taken: { A1: 'sold', A3: 'held' } });
    expect(result.current).toMatchObject({ status: 'live', map: { version: 5, taken: { A1: 'sold', A3: 'held' } } });
  });

  it('says when the show is gone', () => {
    const { result } = renderHook(() => useLiveSeatMap('s1'));
    (FakeEventSource.opened[0] as FakeEventSource).send('gone', { showId: 's1' });
    expect(result.current).toEqual({ status: 'gone' });
  });
});
