import {
  FIRST_CINEMA_ID,
  PAYMENT_KINDS,
  SHOW_TYPES,
  TICKET_TYPE_CODE_PATTERN,
  type GiftCardIssued,
  type GiftCardVoided,
  type OrderPaid,
  type OrderRefunded,
  type PaymentPart,
  type PricedLine,
} from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { mongo } from 'mongoose';
import { ledgerBatchSize } from '../metrics';
import { cinemaDayOf } from './sales-calendar';
import { netPriceOf, sumOf } from './sale-figures';
import { generalLines, paidTicketsOf, refundedTicketsOf, refundedLinesOf, refundLinesOf, soldLinesOf, typeFiguresOf } from './sale-lines';
import {
  candyNameKey,
  cinemaNameKey,
  movieNameKey,
  type CandyDaySales,
  type CandyFigures,
  type GiftCardMove,
  type MovieMonthSales,
  type OrderContribution,
  type RefundContribution,
  type RefundRecord,
  type SaleRecord,
  type SalesName,
  type SalesStore,
  type ShowDaySales,
  type ShowFacts,
  type TicketFigures,
  ticketTypeNameKey,
} from './sales-store';

export type PaidOrder = OrderPaid['data'];
export type OrderRefund = OrderRefunded['data'];

/** Ids become field names of the read model: word characters and hyphens only. */
const SAFE_ID = /^[\w-]{1,64}$/;
/** Ticket type codes become field names too (`buckets.<show-day>.types.<code>`). */
const TYPE_CODE = new RegExp(TICKET_TYPE_CODE_PATTERN);

/** Whether every line has a plain type code, a name and a whole, non-negative total. */
function linesAreSound(lines: readonly PricedLine[] | undefined): boolean {
  return (
    lines === undefined ||
    (Array.isArray(lines) &&
      lines.every(
        (line) =>
          typeof line.type === 'string' &&
          TYPE_CODE.test(line.type) &&
          typeof line.typeName === 'string' &&
          typeof line.seatLabel === 'string' &&
          Number.isInteger(line.total) &&
          line.total >= 0 &&
          (line.discount === undefined || (Number.isInteger(line.discount) && line.discount >= 0 && line.discount <= line.total)),
      ))
  );
}

/** Whether every payment part is a whole, non-negative amount of a known kind (issue 41: points and pass parts too). */
function paymentsAreSound(payments: readonly PaymentPart[] | undefined): boolean {
  return (
    payments === undefined ||
    (Array.isArray(payments) &&
      payments.every((part) => PAYMENT_KINDS.includes(part.kind) && Number.isInteger(part.amount) && part.amount >= 0))
  );
}

/** What the parts say went by (or back to) gift card. */
function giftCardPartOf(payments: readonly PaymentPart[] | undefined): number {
  return sumOf(payments ?? [], (part) => (part.kind === 'gift_card' ? part.amount : 0));
}

/** A paid order the ledger cannot record (thrown, so the bus dead-letters its event). */
export class MalformedSaleError extends Error {
  constructor(orderId: unknown, reason: string, type = 'order.paid') {
    super(`${type} ${String(orderId)} cannot be recorded: ${reason}`);
    this.name = 'MalformedSaleError';
  }
}

function checked(order: PaidOrder): PaidOrder {
  const ids = [order.orderId, order.movieId, order.showId, ...order.candy.map((line) => line.candyId)];
  if (!ids.every((id) => typeof id === 'string' && SAFE_ID.test(id)))
    throw new MalformedSaleError(order.orderId, 'an id is not a plain identifier');
  if (Number.isNaN(Date.parse(order.paidAt))) throw new MalformedSaleError(order.orderId, 'paidAt is not an instant');
  if (!SHOW_TYPES.includes(order.type)) throw new MalformedSaleError(order.orderId, 'unknown show type');
  if (!linesAreSound(order.lines)) throw new MalformedSaleError(order.orderId, 'a line has no plain type code or whole total');
  if (!paymentsAreSound(order.payments))
    throw new MalformedSaleError(order.orderId, 'a payment part is not a whole amount of a known kind');
  if (order.promo !== undefined && (typeof order.promo?.code !== 'string' || order.promo.code.length === 0 || order.promo.code.length > 64))
    throw new MalformedSaleError(order.orderId, 'the promo has no code');
  return order;
}

function checkedRefund(refund: OrderRefund): OrderRefund {
  const ids = [refund.refundId, refund.orderId, refund.movieId, refund.showId, ...refund.candy.map((line) => line.candyId)];
  if (!ids.every((id) => typeof id === 'string' && SAFE_ID.test(id)))
    throw new MalformedSaleError(refund.refundId, 'an id is not a plain identifier', 'order.refunded');
  if (Number.isNaN(Date.parse(refund.paidAt)) || Number.isNaN(Date.parse(refund.refundedAt)))
    throw new MalformedSaleError(refund.refundId, 'paidAt or refundedAt is not an instant', 'order.refunded');
  if (!SHOW_TYPES.includes(refund.type)) throw new MalformedSaleError(refund.refundId, 'unknown show type', 'order.refunded');
  if (!linesAreSound(refund.lines))
    throw new MalformedSaleError(refund.refundId, 'a line has no plain type code or whole total', 'order.refunded');
  if (!paymentsAreSound(refund.payments))
    throw new MalformedSaleError(refund.refundId, 'a payment part is not a whole amount of a known kind', 'order.refunded');
  return refund;
}

/** A refund as its sale's show-day keeps it (filed under the sale's day: the event carries its paidAt). */
interface FiledRefund {
  record: RefundRecord;
  showDayId: string;
  movieId: string;
  type: PaidOrder['type'];
  day: string;
  contribution: RefundContribution;
}

function filedRefundOf(refund: OrderRefund): FiledRefund {
  // Filed under the sale's day at its cinema, as the sale was.
  const { day, month } = cinemaDayOf(new Date(refund.paidAt), refund.cinema?.timeZone);
  const seats = refund.seatLabels.length;
  // Issue 39: what was paid for the tickets (their lines less their discount), as the sale counted them.
  const tickets = refundedTicketsOf(refund);
  const netPrice = netPriceOf(tickets.paid);
  const refundedAt = new Date(refund.refundedAt);
  const giftCardRefunded = giftCardPartOf(refund.payments);
  return {
    record: {
      _id: refund.refundId,
      orderId: refund.orderId,
      month,
      seats,
      totalPrice: tickets.paid,
      netPrice,
      refundedAt,
      refundDay: cinemaDayOf(refundedAt, refund.cinema?.timeZone).day,
      candyQuantity: sumOf(refund.candy, (line) => line.quantity),
      ...(tickets.discount > 0 ? { discount: tickets.discount } : {}),
      ...(giftCardRefunded > 0 ? { giftCardRefunded } : {}),
    },
    showDayId: `${refund.showId}-${refund.type}-${day}`,
    movieId: refund.movieId,
    type: refund.type,
    day,
    contribution: {
      orderId: refund.orderId,
      seats,
      totalPrice: tickets.paid,
      netPrice,
      candy: refund.candy.map(({ candyId, quantity, totalPrice }) => ({ itemId: candyId, quantity, totalPrice })),
      seatLabels: refund.seatLabels,
      ...(refund.lines ? { lines: refundLinesOf(refund) } : {}),
    },
  };
}

function saleRecordOf(order: PaidOrder): SaleRecord {
  const paidAt = new Date(order.paidAt);
  // Issue 39: the tickets' figures are what was paid for them (net of the promo's discount).
  const tickets = paidTicketsOf(order);
  const giftCardPaid = giftCardPartOf(order.payments);
  return {
    _id: order.orderId,
    movieId: order.movieId,
    title: order.title,
    type: order.type,
    showId: order.showId,
    // An order.paid from before the chain carries no cinema: it was the first cinema's.
    cinemaId: order.cinema?.id ?? FIRST_CINEMA_ID,
    seats: order.seats,
    totalPrice: tickets.paid,
    netPrice: netPriceOf(tickets.paid),
    paidAt,
    ...cinemaDayOf(paidAt, order.cinema?.timeZone),
    candy: order.candy.map(({ candyId, name, quantity, totalPrice }) => ({ itemId: candyId, name, quantity, totalPrice })),
    lines: soldLinesOf(order),
    ...(order.promo ? { promoCode: order.promo.code, discount: tickets.discount } : {}),
    ...(giftCardPaid > 0 ? { giftCardPaid } : {}),
  };
}

const showDayIdOf = (sale: SaleRecord) => `${sale.showId}-${sale.type}-${sale.day}`;

function contributionOf(sale: SaleRecord): OrderContribution {
  return {
    seats: sale.seats,
    totalPrice: sale.totalPrice,
    netPrice: sale.netPrice,
    candy: sale.candy.map(({ itemId, quantity, totalPrice }) => ({ itemId, quantity, totalPrice })),
    ...(sale.lines ? { lines: sale.lines } : {}),
  };
}

/** Runs an upsert again once when a concurrent upsert inserted the same _id first. */
async function upserting<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return write();
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The write side of the sales reports: records paid orders, each counted
 * exactly once in effect, with no multi-document transaction (FerretDB has
 * none). Every write is idempotent and order-independent, so a redelivered,
 * replayed or concurrently handled order, or a retry after a crash between
 * two writes, completes the sale without counting it twice:
 * 1. the order's entry in its show-day (`orders.o<id>`, set to the same value again);
 * 2. the show-day's totals, re-read and written into the movie-month and candy-day
 *    counters with `$max` (they only grow, so an older snapshot never wins);
 * 3. the movie and candy names, kept when the fact is newer than the stored one;
 * 4. last, the sale record, inserted under the order id (a second insert is refused).
 *    A sale in the detail report is therefore already in the summary and candy reports.
 * Refunds (order.refunded) the same way, once per refund id, as figures of
 * their own that only grow (the reports net them out): the refund's entry in
 * its sale's show-day (`refunds.r<id>`), the show-day's refunded totals rolled
 * up with `$max`, then its record. A refund counts in a show-day once its
 * order is there: one that arrives first waits in the show-day, and the
 * sale's roll-up applies it.
 */
/** Shows whose last written facts an instance remembers (a day's shows of a multiplex, with room to spare). */
const SHOWS_REMEMBERED = 1000;

export class SalesLedger {
  /**
   * The facts of the shows this instance wrote last (at most `SHOWS_REMEMBERED`, the oldest forgotten first):
   * a batch whose shows are all as written before skips their write (a presale's batches are one show's
   * orders). Only `keepShows` writes them, last writer wins, so skipping a repeat of the same facts changes
   * nothing but a round trip.
   */
  private readonly writtenShows = new Map<string, string>();

  constructor(private readonly store: SalesStore) {}

  /** Records a batch of paid orders (the same order may come more than once). */
  async record(orders: readonly PaidOrder[]): Promise<void> {
    const sales = [...new Map(orders.map((order) => [order.orderId, saleRecordOf(checked(order))])).values()];
    if (sales.length === 0) return;
    ledgerBatchSize.observe(sales.length);
    const showDays = await this.countInShowDays(sales);
    await this.rollUpTickets(showDays);
    await this.rollUpCandy(showDays);
    await this.keepNames(sales);
    await this.keepCinemaNames(orders);
    await this.keepShows(orders);
    await this.insertSaleRecords(sales);
  }

  /** Records a batch of refunds (the same refund may come more than once, and before its sale). */
  async recordRefunds(refunds: readonly OrderRefund[]): Promise<void> {
    const filed = [...new Map(refunds.map((refund) => [refund.refundId, filedRefundOf(checkedRefund(refund))])).values()];
    if (filed.length === 0) return;
    const showDays = await Promise.all(
      [...groupBy(filed, (refund) => refund.showDayId)].map(async ([id, group]) => {
        const [first] = group as [FiledRefund];
        const entries = Object.fromEntries(group.map((refund) => [`refunds.r${refund.record._id}`, refund.contribution]));
        const showDay = await upserting(() =>
          this.store.showDays.findOneAndUpdate(
            { _id: id },
            { $set: entries, $setOnInsert: { movieId: first.movieId, type: first.type, day: first.day, month: first.record.month } },
            { upsert: true, returnDocument: 'after' },
          ),
        );
        if (!showDay) throw new Error(`show-day ${id} was not written`);
        return showDay;
      }),
    );
    await this.rollUpTickets(showDays);
    await this.rollUpCandy(showDays);
    await this.keepShows(refunds);
    await this.keepCinemaNames(refunds);
    await insertIgnoringRepeats(
      this.store.refunds,
      filed.map((refund) => refund.record),
    );
  }

  /**
   * Issue 39: records gift cards issued (sold or given) and voided, each once per card and kind (a
   * redelivery or a replay is refused by its _id), for the discounts report's gift-card figures.
   */
  async recordGiftCards(events: ReadonlyArray<GiftCardIssued | GiftCardVoided>): Promise<void> {
    const moves = events.map((event): GiftCardMove => {
      const { data } = event;
      const issued = event.type === 'gift-card.issued';
      const at = new Date(issued ? event.data.issuedAt : (data as GiftCardVoided['data']).voidedAt);
      if (typeof data.cardId !== 'string' || !SAFE_ID.test(data.cardId) || Number.isNaN(at.getTime()))
        throw new MalformedSaleError(data.cardId, 'the card id or instant is not valid', event.type);
      if (!Number.isInteger(data.amount) || data.amount < 0)
        throw new MalformedSaleError(data.cardId, 'the amount is not whole cents', event.type);
      const kind = issued ? 'issued' : 'voided';
      return { _id: `${kind}:${data.cardId}`, cardId: data.cardId, kind, amount: data.amount, at, day: cinemaDayOf(at).day };
    });
    if (moves.length > 0) await insertIgnoringRepeats(this.store.giftCardMoves, moves);
  }

  private async insertSaleRecords(sales: SaleRecord[]): Promise<void> {
    await insertIgnoringRepeats(this.store.sales, sales);
  }

  /** Sets each order's entry in its show-day; answers the show-days as written. */
  private async countInShowDays(sales: SaleRecord[]): Promise<ShowDaySales[]> {
    return Promise.all(
      [...groupBy(sales, showDayIdOf)].map(async ([id, group]) => {
        const [first] = group as [SaleRecord];
        const entries = Object.fromEntries(group.map((sale) => [`orders.o${sale._id}`, contributionOf(sale)]));
        const showDay = await upserting(() =>
          this.store.showDays.findOneAndUpdate(
            { _id: id },
            { $set: entries, $setOnInsert: { movieId: first.movieId, type: first.type, day: first.day, month: first.month } },
            { upsert: true, returnDocument: 'after' },
          ),
        );
        if (!showDay) throw new Error(`show-day ${id} was not written`);
        return showDay;
      }),
    );
  }

  private async rollUpTickets(showDays: ShowDaySales[]): Promise<void> {
    const byMovieMonth = groupBy(showDays, (showDay) => `${showDay.movieId}-${showDay.type}-${showDay.month}`);
    const writes: mongo.AnyBulkWriteOperation<MovieMonthSales>[] = [];
    for (const [id, group] of byMovieMonth) {
      const [first] = group as [ShowDaySales];
      const figures: Record<string, number> = {};
      for (const showDay of group) {
        const orders = Object.values(showDay.orders ?? {});
        const refunds = appliedRefunds(showDay);
        const totals: TicketFigures = {
          seats: sumOf(orders, (order) => order.seats),
          totalPrice: sumOf(orders, (order) => order.totalPrice),
          netPrice: sumOf(orders, (order) => order.netPrice),
          refundedSeats: sumOf(refunds, (refund) => refund.seats),
          refundedPrice: sumOf(refunds, (refund) => refund.totalPrice),
          refundedNet: sumOf(refunds, (refund) => refund.netPrice),
        };
        for (const [field, value] of Object.entries(totals)) figures[`buckets.${showDay._id}.${field}`] = value;
        for (const [code, typeTotals] of Object.entries(typeFiguresOfShowDay(showDay)))
          for (const [field, value] of Object.entries(typeTotals)) figures[`buckets.${showDay._id}.types.${code}.${field}`] = value;
      }
      writes.push({
        updateOne: {
          filter: { _id: id },
          update: { $max: figures, $setOnInsert: { movieId: first.movieId, type: first.type, month: first.month } },
          upsert: true,
        },
      });
    }
    await upsertAll(this.store.movieMonths, writes);
  }

  private async rollUpCandy(showDays: ShowDaySales[]): Promise<void> {
    const figures = new Map<string, { itemId: string; day: string; month: string; max: Record<string, number> }>();
    for (const showDay of showDays) {
      const perItem = new Map<string, CandyFigures>();
      const itemOf = (itemId: string) => {
        const item = perItem.get(itemId) ?? { quantity: 0, totalPrice: 0, refundedQuantity: 0, refundedPrice: 0 };
        perItem.set(itemId, item);
        return item;
      };
      for (const order of Object.values(showDay.orders ?? {})) {
        for (const line of order.candy) {
          const item = itemOf(line.itemId);
          item.quantity += line.quantity;
          item.totalPrice += line.totalPrice;
        }
      }
      for (const refund of appliedRefunds(showDay)) {
        for (const line of refund.candy) {
          const item = itemOf(line.itemId);
          item.refundedQuantity += line.quantity;
          item.refundedPrice += line.totalPrice;
        }
      }
      for (const [itemId, totals] of perItem) {
        const id = `${itemId}-${showDay.day}`;
        const entry = figures.get(id) ?? { itemId, day: showDay.day, month: showDay.month, max: {} };
        for (const [field, value] of Object.entries(totals)) entry.max[`buckets.${showDay._id}.${field}`] = value;
        figures.set(id, entry);
      }
    }
    const writes: mongo.AnyBulkWriteOperation<CandyDaySales>[] = [...figures].map(([id, { itemId, day, month, max }]) => ({
      updateOne: { filter: { _id: id }, update: { $max: max, $setOnInsert: { itemId, day, month } }, upsert: true },
    }));
    await upsertAll(this.store.candyDays, writes);
  }

  /** Each show of the batch as its orders tell it (the same facts each time; a capacity, once carried, stays). */
  private async keepShows(orders: ReadonlyArray<PaidOrder | OrderRefund>): Promise<void> {
    const shows = new Map<string, ShowFacts>();
    for (const { showId, movieId, type, date, schedule, roomId, capacity, cinema } of orders) {
      const known = shows.get(showId);
      shows.set(showId, {
        _id: showId,
        movieId,
        type,
        date,
        schedule,
        roomId,
        // Only when carried: an event from before the chain (a late refund) leaves the cinema a newer one told.
        ...(cinema ? { cinemaId: cinema.id } : known?.cinemaId ? { cinemaId: known.cinemaId } : {}),
        ...((capacity ?? known?.capacity) === undefined ? {} : { capacity: capacity ?? known?.capacity }),
      });
    }
    const changed = [...shows.values()].filter((show) => this.writtenShows.get(show._id) !== JSON.stringify(show));
    const writes: mongo.AnyBulkWriteOperation<ShowFacts>[] = changed.map(({ _id, ...facts }) => ({
      updateOne: { filter: { _id }, update: { $set: facts }, upsert: true },
    }));
    await upsertAll(this.store.shows, writes);
    for (const show of changed) {
      this.writtenShows.delete(show._id);
      this.writtenShows.set(show._id, JSON.stringify(show));
      if (this.writtenShows.size > SHOWS_REMEMBERED) this.writtenShows.delete(this.writtenShows.keys().next().value as string);
    }
  }

  /** The name each order's cinema had when it was paid (or refunded), unless a newer fact (cinema.saved) named it already. */
  private async keepCinemaNames(orders: ReadonlyArray<PaidOrder | OrderRefund>): Promise<void> {
    const newest = new Map<string, SalesName>();
    for (const order of orders) {
      if (!order.cinema) continue;
      const asOf = 'refundedAt' in order ? order.refundedAt : order.paidAt;
      const name = { _id: cinemaNameKey(order.cinema.id), name: order.cinema.name, asOf };
      const known = newest.get(name._id);
      if (!known || known.asOf < name.asOf) newest.set(name._id, name);
    }
    await Promise.all([...newest.values()].map((name) => keepName(this.store, name)));
  }

  /** The newest name of each movie and candy item in the batch, unless a newer fact named it already. */
  private async keepNames(sales: SaleRecord[]): Promise<void> {
    const newest = new Map<string, SalesName>();
    const offer = (name: SalesName) => {
      const known = newest.get(name._id);
      if (!known || known.asOf < name.asOf) newest.set(name._id, name);
    };
    for (const sale of sales) {
      const asOf = sale.paidAt.toISOString();
      offer({ _id: movieNameKey(sale.movieId), name: sale.title, asOf });
      for (const line of sale.candy) offer({ _id: candyNameKey(line.itemId), name: line.name, asOf });
      for (const line of sale.lines ?? []) offer({ _id: ticketTypeNameKey(line.type), name: line.typeName, asOf });
    }
    await Promise.all([...newest.values()].map((name) => keepName(this.store, name)));
  }
}

/** Inserts records keyed by their event's id; those recorded before (a redelivery, a replay) are refused by _id, anything else is a failure. */
export async function insertIgnoringRepeats<T extends { _id: string }>(collection: mongo.Collection<T>, records: T[]): Promise<void> {
  try {
    await collection.insertMany(records as mongo.OptionalUnlessRequiredId<T>[], { ordered: false });
  } catch (error) {
    const writeErrors = (error as mongo.MongoBulkWriteError).writeErrors;
    const failures = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [error];
    if (!failures.every((failure) => isDuplicateKeyError(failure))) throw error;
  }
}

/** The show-day's refunds whose order is in it (a refund that came first waits for its sale). */
function appliedRefunds(showDay: ShowDaySales): RefundContribution[] {
  return Object.values(showDay.refunds ?? {}).filter((refund) => showDay.orders?.[`o${refund.orderId}`] !== undefined);
}

/** The show-day's tickets per type: its orders' lines (General at the order's per-seat price when it kept none), less its applied refunds'. */
function typeFiguresOfShowDay(showDay: ShowDaySales) {
  const orders = showDay.orders ?? {};
  const lineless = (order: { seats: number; totalPrice: number }) =>
    generalLines(
      Array.from({ length: order.seats }, (_, index) => `#${index + 1}`),
      order.totalPrice,
    );
  const sold = Object.values(orders).flatMap((order) => order.lines ?? lineless(order));
  const refunded = appliedRefunds(showDay).flatMap((refund) => {
    const sale = orders[`o${refund.orderId}`]!;
    return refund.lines || refund.seatLabels
      ? refundedLinesOf({ seatLabels: refund.seatLabels ?? [], lines: refund.lines }, sale)
      : generalLines(
          Array.from({ length: refund.seats }, (_, index) => `#${index + 1}`),
          refund.totalPrice,
        );
  });
  return typeFiguresOf(sold, refunded);
}

/** The counters' `$max` writes of a batch, in one round trip (a concurrent first insert of a counter is run again). */
async function upsertAll<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  writes: mongo.AnyBulkWriteOperation<T>[],
): Promise<void> {
  if (writes.length > 0) await upserting(() => collection.bulkWrite(writes, { ordered: false }));
}

/** Stores a name unless the stored one comes from a newer fact (movie.updated after the sale, say). */
export async function keepName(store: SalesStore, { _id, name, asOf }: SalesName): Promise<void> {
  try {
    await store.names.updateOne({ _id, asOf: { $lt: asOf } }, { $set: { name, asOf } }, { upsert: true });
  } catch (error) {
    // The upsert met the same _id with a newer (or equal) asOf: that name stays.
    if (!isDuplicateKeyError(error)) throw error;
  }
}
