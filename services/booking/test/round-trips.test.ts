import { Types } from 'mongoose';
import { checkout, createShow, hold, newUser, type BookingUnderTest } from './checkout-helpers';
import { startMonitoredBooking, type SentCommand } from './monitored-booking';

/**
 * Database round trips of one purchase (hold, checkout, the relay's
 * publication of order.paid), counted with the driver's command monitoring;
 * and no read of the orders collection but by _id (on FerretDB any other
 * filter reads every order ever made).
 * Each is a network round trip and, on FerretDB, a decode of the documents
 * read: a step added to the hot path shows up here.
 * (Hold, reserve and sell each write the show; under a rush those writes are
 * shared by every buyer queued for the show: SeatInventory's group commit.)
 * Each of those writes is followed by the show's summary for the listings
 * (show-listing.ts), shared by the batch in the same way.
 * The last is the claim of the order's short code (order_codes, when it is paid: the paid write sets it).
 * The hold reads no hold_addresses entry this process wrote last (hold-limits.ts: its writes are
 * version-guarded): 20 since issue 36, from 21.
 * Issue 40's presale gate asks, of the hold and of the checkout, for the show's presale (one read of
 * presale_shows by the show's id each; none answers for a show of no presale): 22.
 * Issue 41's club consumer of order.paid reads the buyer's member document by _id (a non-member earns nothing;
 * the consumer keeps no processed-event ids, its writes being once-only by themselves): 23. A cart without
 * candy reads nothing of the club (the tier's candy discount).
 * The scheduler's polls (agendaJobs, once a second per job type whatever the traffic), the listing
 * writers' heartbeat (show_listing_writers), the presales' line ticker (presales, every 500 ms) and the
 * pruning of past shows' summaries are not a purchase's.
 */
const PURCHASE_ROUND_TRIPS = 23;
/**
 * Then booking's own order.paid consumer issues the tickets, off the request's path: the consumer's
 * memory (read, write), the show (by _id), every seat in one insert, the pending mark, tickets.issued
 * in the order, the relay's pull of it and, when that pull is a pass of its own, the relay's settling
 * of the order again (a second delete of its in-progress mark, already gone).
 */
const ISSUE_ROUND_TRIPS = 8;

/** Collections written on timers, whatever the traffic (club_renewal_runs: issue 41's renewal job, run on a schedule). */
const TIMERS = ['agendaJobs', 'show_listing_writers', 'club_renewal_runs'];
/**
 * A timer's command: those collections, the pruning of past shows' summaries (a purchase never deletes one), and
 * issue 40's line ticker's read of the running presales (every 500 ms; by state, where the gate reads by _id).
 */
const onTimer = (command: { name: string; collection: string; filter: unknown }) =>
  TIMERS.includes(command.collection) ||
  (command.name === 'delete' && command.collection === 'show_summaries') ||
  (command.name === 'find' &&
    command.collection === 'presales' &&
    typeof command.filter === 'object' &&
    command.filter !== null &&
    'state' in command.filter);

let booking: BookingUnderTest;
let commands: SentCommand[];

/** What the tickets' issuing sends (its collections, its consumer's memory, tickets.issued): not the purchase's. */
const isIssuing = (command: (typeof commands)[number]) =>
  ['tickets', 'ticket_events_pending'].includes(command.collection) ||
  (command.name === 'delete' &&
    command.collection === 'orders_in_progress' &&
    commands.find((other) => other.name === 'delete' && other.collection === 'orders_in_progress') !== command) ||
  (command.collection === 'shows' && command.name === 'find') ||
  command.text.includes('booking.tickets') ||
  command.text.includes('tickets.issued');

beforeAll(async () => {
  ({ booking, commands } = await startMonitoredBooking());
});
afterAll(async () => {
  await booking.close();
  await booking.context.dropDatabase();
});

it(`a purchase of one seat makes at most ${PURCHASE_ROUND_TRIPS} round trips (its tickets ${ISSUE_ROUND_TRIPS} more), and reads and writes orders by _id only`, async () => {
  const show = await createShow(booking, { roomId: 1 });
  await hold(booking, newUser(booking.app), show.id, 1);
  await booking.app.ordersOutbox.flush();

  const user = newUser(booking.app);
  commands.length = 0;
  expect((await hold(booking, user, show.id, 1)).statusCode).toBe(200);
  expect((await checkout(booking, user, { show: show.id, ticket: 1 })).statusCode).toBe(200);
  for (let waited = 0; !booking.paid.some((event) => event.data.userId === user.id) && waited < 5000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  // The relay's pull of the published event from the order, then the removal of the order's in-progress mark.
  const markRemoved = () => commands.some((command) => command.name === 'delete' && command.collection === 'orders_in_progress');
  for (let waited = 0; !markRemoved() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));

  const ticketsAnnounced = () =>
    commands.some((command) => command.name === 'update' && command.text.includes('"$pull"') && command.text.includes('tickets.issued'));
  for (let waited = 0; !ticketsAnnounced() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));

  expect(booking.paid.filter((event) => event.data.userId === user.id)).toHaveLength(1);
  const issuing = commands.filter(isIssuing);
  expect(issuing.length).toBeLessThanOrEqual(ISSUE_ROUND_TRIPS);
  // tickets.issued into the order (reading, in the same write, the seats refunded by then), the relay's pull.
  expect(issuing.filter((command) => command.collection === 'orders').map((command) => command.name)).toEqual(['findAndModify', 'update']);
  const purchase = commands.filter((command) => !isIssuing(command) && !onTimer(command));
  // A failure names the commands it counted (a timer's write once fell inside the purchase's window under load).
  if (purchase.length > PURCHASE_ROUND_TRIPS)
    process.stderr.write(
      `purchase commands: ${JSON.stringify(purchase.map((command) => [command.name, command.collection, command.filter]))}\n`,
    );
  expect(purchase.length).toBeLessThanOrEqual(PURCHASE_ROUND_TRIPS);
  // Issue 40: the presale gate's one read each, of the hold and the checkout, by the show's id (FerretDB reads one
  // document, however many presales there are), and nothing of the lines' places.
  const gate = purchase.filter((command) => command.collection.startsWith('presale'));
  expect(gate.map((command) => [command.name, command.collection, command.filter])).toEqual([
    ['find', 'presale_shows', { _id: show.id }],
    ['find', 'presale_shows', { _id: show.id }],
  ]);
  const onOrders = commands.filter((command) => command.collection === 'orders' && !isIssuing(command));
  // insert (pending), reserved, paid with order.paid, the relay's pull: no read.
  expect(onOrders.map((command) => command.name)).toEqual(['insert', 'update', 'update', 'update']);
  expect(
    onOrders.slice(1).every((command) => command.filter !== null && typeof command.filter === 'object' && '_id' in command.filter),
  ).toBe(true);
  // The checkout took the hold from the show as the hold wrote it: the show's seats (19 KB here) are not read again.
  expect(purchase.filter((command) => command.collection === 'shows').map((command) => command.name)).toEqual([
    'update',
    'update',
    'update',
  ]);
  // The order, paid and published, left the in-progress marks the recovery sweep reads, by _id (an $in filter would read every mark).
  const markDelete = commands.find((command) => command.name === 'delete' && command.collection === 'orders_in_progress');
  expect(markDelete?.filter).toEqual({ _id: expect.any(Types.ObjectId) });
  expect(await booking.context.db.collection('orders_in_progress').countDocuments()).toBe(0);
});

it('checkouts under way at once share the insert of their in-progress marks, and each is still marked before its order', async () => {
  const show = await createShow(booking, { roomId: 1 });
  const users = Array.from({ length: 8 }, () => newUser(booking.app));
  for (const user of users) expect((await hold(booking, user, show.id, 1)).statusCode).toBe(200);
  commands.length = 0;
  const answers = await Promise.all(users.map((user) => checkout(booking, user, { show: show.id, ticket: 1 })));
  expect(answers.map((answer) => answer.statusCode)).toEqual(users.map(() => 200));
  const marks = commands.filter((command) => command.name === 'insert' && command.collection === 'orders_in_progress');
  expect(marks.length).toBeLessThan(users.length);
  // Every order's mark went in an insert sent before the order's own.
  const orderIds = commands
    .filter((command) => command.name === 'insert' && command.collection === 'orders')
    .map((command) => (JSON.parse(command.text) as { documents: Array<{ _id: string }> }).documents[0]?._id);
  expect(orderIds).toHaveLength(users.length);
  for (const id of orderIds) {
    const markAt = commands.findIndex((command) => command.collection === 'orders_in_progress' && command.text.includes(`"${id}"`));
    const orderAt = commands.findIndex(
      (command) => command.collection === 'orders' && command.name === 'insert' && command.text.includes(`"${id}"`),
    );
    expect(markAt).toBeGreaterThanOrEqual(0);
    expect(markAt).toBeLessThan(orderAt);
  }
});
