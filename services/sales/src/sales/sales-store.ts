import type { ShowType } from '@cine/contracts';
import { isFerretDbConnection } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';
import type { ClubFact } from './club-report';
import type { Month } from './sales-calendar';
import type { SoldLine, TypeFigures } from './sale-lines';

/** A candy line of a sale. Amounts in cents. */
interface SoldCandy {
  itemId: string;
  name: string;
  quantity: number;
  totalPrice: number;
}

/** One paid order (`_id` is its order id): the ledger's record, the detail report's row. */
export interface SaleRecord {
  _id: string;
  movieId: string;
  /** The title when it was sold; reports show the current one. */
  title: string;
  type: ShowType;
  showId: string;
  /** The show's cinema (issue 38); absent on sales recorded before the chain: the first cinema. */
  cinemaId?: string;
  seats: number;
  /** The tickets' part of the order (T.Bruto). */
  totalPrice: number;
  netPrice: number;
  paidAt: Date;
  day: string;
  month: Month;
  candy: SoldCandy[];
  /** Each ticket's type and total (an order.paid of version 1: every seat General); absent on sales recorded before types. */
  lines?: SoldLine[];
  /** Issue 39: the promo code it was paid with and what it took off the tickets (absent: none). */
  promoCode?: string;
  discount?: number;
  /** Issue 39: the part of the order paid by gift card (absent: none). */
  giftCardPaid?: number;
}

/** One refund (`_id` its refund id) of a paid order: kept whether or not the sale is in yet; the detail nets it out of its sale. */
export interface RefundRecord {
  _id: string;
  orderId: string;
  /** The sale's month (by its paidAt), so the detail's month filter finds it. */
  month: Month;
  seats: number;
  totalPrice: number;
  netPrice: number;
  refundedAt: Date;
  /** Issue 39: the cinema day it was refunded on (the gift cards' figures count it then). */
  refundDay?: string;
  /** Issue 39: the candy units it refunded (with `seats`, whether its order was refunded whole). */
  candyQuantity?: number;
  /** Issue 39: the discount its tickets had had (the promo no longer gives it), and what went back to a gift card. */
  discount?: number;
  giftCardRefunded?: number;
}

/** What one refund takes from its order's show-day (filed under the sale's day). */
export interface RefundContribution extends OrderContribution {
  orderId: string;
  /** The refunded seats; with `lines` of version 2, else their sale's lines price them (refundedLinesOf). */
  seatLabels?: string[];
  lines?: SoldLine[];
}

/** What one order adds to its show's sales of a day. */
export interface OrderContribution {
  seats: number;
  totalPrice: number;
  netPrice: number;
  candy: Array<Pick<SoldCandy, 'itemId' | 'quantity' | 'totalPrice'>>;
  /** Each ticket's type and total; absent on orders counted before types (every seat General). */
  lines?: SoldLine[];
}

/**
 * The sales of one show, in one format, on one day: every order in it by
 * `o<orderId>`. Small by nature (at most a room's seats), it is where an order
 * is counted: setting its entry again changes nothing.
 */
export interface ShowDaySales {
  _id: string;
  movieId: string;
  type: ShowType;
  day: string;
  month: Month;
  orders: Record<string, OrderContribution>;
  /** Refunds of its orders by `r<refundId>`: a refund counts once its order is in `orders` (it may come first). */
  refunds?: Record<string, RefundContribution>;
}

/** Sold and refunded, each only growing (the reports net them out). */
export interface TicketFigures {
  seats: number;
  totalPrice: number;
  netPrice: number;
  refundedSeats: number;
  refundedPrice: number;
  refundedNet: number;
  /** The same per ticket type code (absent on buckets written before types). */
  types?: Record<string, TypeFigures>;
}

export interface CandyFigures {
  quantity: number;
  totalPrice: number;
  refundedQuantity: number;
  refundedPrice: number;
}

/**
 * A movie's tickets in one format and month: the figures of each show-day
 * (`buckets`, by ShowDaySales id), which only grow, so they are written with
 * `$max` and a late or repeated write never lowers them. The row is their sum.
 */
export interface MovieMonthSales {
  _id: string;
  movieId: string;
  type: ShowType;
  month: Month;
  buckets: Record<string, TicketFigures>;
}

/** One candy item sold on one day, by show-day like MovieMonthSales. */
export interface CandyDaySales {
  _id: string;
  itemId: string;
  day: string;
  month: Month;
  buckets: Record<string, CandyFigures>;
}

/**
 * A show as its orders told it (`_id` its show id), for the occupancy report: written again by each
 * order.paid or order.refunded of it with the same facts. `capacity` is absent when only orders made
 * before booking carried it were heard.
 */
export interface ShowFacts {
  _id: string;
  movieId: string;
  type: ShowType;
  date: string;
  schedule: string;
  roomId: number;
  /** The show's cinema (issue 38); absent on shows heard of before the chain: the first cinema. */
  cinemaId?: string;
  capacity?: number;
}

/**
 * The current name of a movie (`movie:<id>`), candy item (`candy:<id>`), ticket type (`type:<code>`) or cinema
 * (`cinema:<id>`); `asOf` is the instant of the fact it comes from.
 */
export interface SalesName {
  _id: string;
  name: string;
  asOf: string;
}

/**
 * Issue 39: a gift card's money as sales hears it (`_id` `issued:<cardId>` or `voided:<cardId>`, so each
 * event counts once): `amount` its value when issued or sold, its balance left when voided.
 */
export interface GiftCardMove {
  _id: string;
  cardId: string;
  kind: 'issued' | 'voided';
  amount: number;
  at: Date;
  /** The day of `at` in the chain's default time zone (gift cards are the chain's, not a cinema's). */
  day: string;
}

export interface SalesStore {
  sales: Collection<SaleRecord>;
  refunds: Collection<RefundRecord>;
  showDays: Collection<ShowDaySales>;
  movieMonths: Collection<MovieMonthSales>;
  candyDays: Collection<CandyDaySales>;
  shows: Collection<ShowFacts>;
  names: Collection<SalesName>;
  giftCardMoves: Collection<GiftCardMove>;
  /** Issue 41: the club's events, once per event key (ClubFact). */
  clubFacts: Collection<ClubFact>;
}

/** The sales database's collections; on MongoDB with the indexes of the detail and candy reports. */
export async function openSalesStore(db: Connection): Promise<SalesStore> {
  const store: SalesStore = {
    sales: db.collection<SaleRecord>('sales'),
    refunds: db.collection<RefundRecord>('refunds'),
    showDays: db.collection<ShowDaySales>('show_day_sales'),
    movieMonths: db.collection<MovieMonthSales>('movie_month_sales'),
    candyDays: db.collection<CandyDaySales>('candy_day_sales'),
    shows: db.collection<ShowFacts>('shows'),
    names: db.collection<SalesName>('names'),
    giftCardMoves: db.collection<GiftCardMove>('gift_card_moves'),
    clubFacts: db.collection<ClubFact>('club_facts'),
  };
  // FerretDB v1 filters in Go whatever the indexes (see isFerretDbConnection); an index there only slows the writes.
  if (!isFerretDbConnection(db)) {
    await store.sales.createIndex({ month: 1, paidAt: -1 });
    await store.candyDays.createIndex({ day: 1 });
    await store.shows.createIndex({ date: 1 });
  }
  return store;
}

export const movieNameKey = (movieId: string) => `movie:${movieId}`;
export const candyNameKey = (itemId: string) => `candy:${itemId}`;
export const ticketTypeNameKey = (code: string) => `type:${code}`;
export const CINEMA_NAME_PREFIX = 'cinema:';
export const cinemaNameKey = (cinemaId: string) => `${CINEMA_NAME_PREFIX}${cinemaId}`;

/** The show id of a show-day's id (`<showId>-<type>-<day>`). */
export const showIdOfShowDay = (showDay: Pick<ShowDaySales, '_id' | 'type' | 'day'>) =>
  showDay._id.slice(0, showDay._id.length - showDay.type.length - showDay.day.length - 2);
