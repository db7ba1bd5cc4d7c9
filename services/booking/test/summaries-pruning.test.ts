import { Types } from 'mongoose';
import { createShow, startBooking, type BookingUnderTest } from './checkout-helpers';

jest.setTimeout(30_000);

let booking: BookingUnderTest;

beforeAll(async () => {
  // The pruning job every 100 ms instead of hourly.
  booking = await startBooking({ scheduler: { processEveryMs: 50, summariesPruneEveryMs: 100 } });
});
afterAll(() => booking.close());

const summaries = () => booking.context.db.collection('show_summaries');

describe("the listings' summaries of past shows", () => {
  it('are deleted by the scheduled job a day after their show started, with nobody reading the listings; upcoming ones stay', async () => {
    const past = await createShow(booking);
    const recent = await createShow(booking);
    const upcoming = await createShow(booking);
    const DAY = 24 * 60 * 60_000;
    // Their shows as if they had started: one a day and a minute ago, one an hour ago.
    await summaries().updateOne({ _id: new Types.ObjectId(past.id) }, { $set: { startsAt: new Date(Date.now() - DAY - 60_000) } });
    await summaries().updateOne({ _id: new Types.ObjectId(recent.id) }, { $set: { startsAt: new Date(Date.now() - 3_600_000) } });

    for (let i = 0; i < 200 && (await summaries().countDocuments({ _id: new Types.ObjectId(past.id) })) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));

    expect(await summaries().countDocuments({ _id: new Types.ObjectId(past.id) })).toBe(0);
    expect(await summaries().countDocuments({ _id: new Types.ObjectId(recent.id) })).toBe(1);
    expect(await summaries().countDocuments({ _id: new Types.ObjectId(upcoming.id) })).toBe(1);
  });
});
