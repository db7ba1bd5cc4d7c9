import { createTestContext } from '@cine/service-kit/testing';
import { ListingWriters } from '../src/shows/listing-writers';
import { ShowListing, type ListedShow } from '../src/shows/show-listing';
import { showDocument, type TestContext } from './helpers';

/**
 * The registry of the processes that write shows (listing-writers.ts), and
 * the listing that, alone, stops reading every summary again (show-listing.ts).
 */
let context: TestContext;
let clock = 1_000_000;
const now = () => clock;
const joined: ListingWriters[] = [];

async function join(): Promise<ListingWriters> {
  const writers = new ListingWriters(context.db, { now, heartbeatMs: 60_000 });
  await writers.join();
  joined.push(writers);
  return writers;
}

beforeEach(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const writers of joined.splice(0)) await writers.leave();
  await context.dropDatabase();
});

describe('ListingWriters', () => {
  it('tells a process alone that nobody else wrote, and one of two that the other may have', async () => {
    const first = await join();
    expect(await first.othersWroteSince(clock)).toBe(false);
    const second = await join();
    expect(await first.othersWroteSince(clock)).toBe(true);
    expect(await second.othersWroteSince(clock)).toBe(true);
  });

  it('counts a process that left until the instant it left, with two seconds for the clocks', async () => {
    const first = await join();
    const second = await join();
    const leftAt = clock;
    await second.leave();
    expect(await first.othersWroteSince(leftAt - 10_000)).toBe(true);
    expect(await first.othersWroteSince(leftAt + 2_000)).toBe(true);
    expect(await first.othersWroteSince(leftAt + 2_001)).toBe(false);
  });

  it('counts a process that stopped without leaving (a crash) until 5 s after its last heartbeat, with two seconds for the clocks', async () => {
    const first = await join();
    const crashed = new ListingWriters(context.db, { now, heartbeatMs: 60_000 });
    await crashed.join();
    const lastBeat = clock;
    // No leave(), and no heartbeat within the test (one a minute): as after a crash.
    expect(await first.othersWroteSince(lastBeat + 7_000)).toBe(true);
    expect(await first.othersWroteSince(lastBeat + 7_001)).toBe(false);
  });
});

describe('ShowListing with the registry', () => {
  /** A summary as a process would write it, of a show starting at `startsAt`. */
  const summary = (startsAt: string): ListedShow => {
    const {
      seats: _seats,
      holdsExpireAt: _holdsExpireAt,
      ...show
    } = showDocument({ startsAt: new Date(startsAt), date: startsAt.slice(0, 10) });
    return { ...show, holds: [] };
  };
  const listed = async (listing: ShowListing, show: ListedShow) => (await listing.all()).some((one) => one._id.equals(show._id));
  const clockOfShows = () => new Date('2030-01-01T00:00:00Z');

  it('alone, keeps its own copy without reading every summary again; once another process joins, reads them within the bound', async () => {
    const writers = await join();
    const listing = new ShowListing(context.db, { now, clock: clockOfShows, writers });
    expect(await listing.all()).toEqual([]);

    // A summary nobody registered wrote: a process alone is never in this case, so it does not see it.
    const unseen = summary('2030-02-01T23:00:00Z');
    await context.db.collection<ListedShow>('show_summaries').insertOne(unseen);
    clock += 5_000;
    expect(await listed(listing, unseen)).toBe(false);
    expect(listing.readAt).toBe(clock);

    // Another process registers before it writes: the next answer older than the bound reads every summary.
    await join();
    expect(await listed(listing, unseen)).toBe(false);
    clock += 1_001;
    expect(await listed(listing, unseen)).toBe(true);
  });
});
