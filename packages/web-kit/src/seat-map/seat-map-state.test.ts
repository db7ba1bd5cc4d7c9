import { applyDelta, fromSnapshot } from './seat-map-state';

const snapshot = fromSnapshot({
  showId: 's1',
  roomId: 1,
  version: 5,
  layout: { rows: [4, 4], aisles: [], wheelchair: [] },
  taken: { A1: 'sold', B2: 'held' },
});

describe('the seat map state', () => {
  it('applies the next version: seats taken and freed', () => {
    const next = applyDelta(snapshot, { from: 5, version: 6, seats: { A2: 'held', B2: 'free' } });
    expect(next).toEqual({ ...snapshot, version: 6, taken: { A1: 'sold', A2: 'held' } });
  });

  it('applies lapsed holds at the same version', () => {
    expect(applyDelta(snapshot, { from: 5, version: 5, seats: { B2: 'free' } })).toEqual({ ...snapshot, taken: { A1: 'sold' } });
  });

  it('asks for a new snapshot when a version was missed, and ignores old news', () => {
    expect(applyDelta(snapshot, { from: 6, version: 7, seats: { A3: 'held' } })).toBe('resync');
    expect(applyDelta(snapshot, { from: 3, version: 4, seats: { A3: 'held' } })).toBe(snapshot);
    expect(applyDelta(snapshot, { from: 4, version: 4, seats: { B2: 'free' } })).toBe(snapshot);
  });

  it('applies a reconnection catch-up from the version it had', () => {
    expect(applyDelta(snapshot, { from: 5, version: 9, seats: { A1: 'sold', B2: 'free', B3: 'sold' } })).toEqual({
      ...snapshot,
      version: 9,
      taken: { A1: 'sold', B3: 'sold' },
    });
  });
});
