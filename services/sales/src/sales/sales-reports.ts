import {
  type ClubSalesReport,
  FIRST_CINEMA_ID,
  SHOW_TYPES,
  type CandyItemTotalRow,
  type CinemaSalesRow,
  type DiscountsReport,
  type CandySalesRow,
  type MonthlySalesRow,
  type MovieOccupancyRow,
  type MovieTicketTypeSales,
  type SalesOccupancy,
  type ShowOccupancyRow,
  type SaleDetailRow,
  type SalesMonthRow,
  type SalesSummaryRow,
  type SalesTotals,
  type ShowType,
  type TicketTypeSalesRow,
  type TopSellerRow,
} from '@cine/contracts';
import { searchKey } from '@cine/service-kit';
import { clubReportOf } from './club-report';
import { discountsReportOf } from './discounts-report';
import { monthNameOf, type Month } from './sales-calendar';
import { sumOf } from './sale-figures';
import type { TypeFigures } from './sale-lines';
import {
  candyNameKey,
  CINEMA_NAME_PREFIX,
  cinemaNameKey,
  movieNameKey,
  showIdOfShowDay,
  type RefundRecord,
  type SaleRecord,
  type SalesStore,
  type ShowDaySales,
  type TicketFigures,
  ticketTypeNameKey,
  type MovieMonthSales,
} from './sales-store';

/** Cinema days ('YYYY-MM-DD'), both included; either end open when left out. */
export interface DayRange {
  from?: string;
  to?: string;
}

const inRange = (day: string, { from, to }: DayRange) => (!from || day >= from) && (!to || day <= to);

/**
 * The cinemas a report is of (issue 38): every cinema when undefined (an admin without `cinemaId`), else
 * these (a manager's, or the one asked for). Sales and shows recorded before the chain are the first cinema's.
 */
export type CinemaSelection = readonly string[] | undefined;

/** Whether a show is of the selected cinemas, by the cinema its orders told (`shows`). */
type ShowFilter = (showId: string) => boolean;
const EVERY_SHOW: ShowFilter = () => true;

/** The show of a show-day id (`<showId>-<type>-<day>`), as the counters' buckets are keyed. */
function showIdOfBucket(bucketId: string): string {
  const rest = bucketId.slice(0, -11);
  const type = SHOW_TYPES.find((candidate) => rest.endsWith(`-${candidate}`));
  return type ? rest.slice(0, -(type.length + 1)) : rest;
}

/** The query of `field` (a 'yyyy-mm-dd' day) in the range: inRange, for the database. */
function dayRangeQuery(field: string, { from, to }: DayRange): Record<string, { $gte?: string; $lte?: string }> {
  return from || to ? { [field]: { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) } } : {};
}

/** The tickets of the show-day less its refunds whose sale is in (as the ledger rolls them up). */
function netSeatsOf(showDay: ShowDaySales): number {
  const orders = showDay.orders ?? {};
  const refunds = Object.values(showDay.refunds ?? {}).filter((refund) => orders[`o${refund.orderId}`] !== undefined);
  return sumOf(Object.values(orders), (order) => order.seats) - sumOf(refunds, (refund) => refund.seats);
}

export interface DetailFilter {
  cinemas?: CinemaSelection;
  month?: Month;
  movieId?: string;
  type?: ShowType;
  /** By totalPrice: 'min' ascending, 'max' descending; newest first otherwise. */
  sort?: 'min' | 'max';
}

export interface CandyFilter {
  day?: string;
  itemId?: string;
  /** Days of the period (with `day`, that day must be in it). */
  range?: DayRange;
  cinemas?: CinemaSelection;
}

/** Whether a sale or show of `cinemaId` (absent: recorded before the chain, the first cinema's) is selected. */
function inSelection(cinemas: CinemaSelection, cinemaId: string | undefined): boolean {
  return cinemas === undefined || cinemas.includes(cinemaId ?? FIRST_CINEMA_ID);
}

/** Sold less refunded (figures of their own that only grow), and what was refunded. */
function netOf(figures: TicketFigures): Pick<SaleDetailRow, 'seats' | 'totalPrice' | 'netPrice' | 'refundedSeats' | 'refundedPrice'> {
  return {
    seats: figures.seats - figures.refundedSeats,
    totalPrice: figures.totalPrice - figures.refundedPrice,
    netPrice: figures.netPrice - figures.refundedNet,
    refundedSeats: figures.refundedSeats,
    refundedPrice: figures.refundedPrice,
  };
}

/** The buckets (show-days) of a movie-month counter whose day is in the range and whose show is of the cinemas. */
function bucketsIn(counter: MovieMonthSales, range: DayRange, ofCinemas: ShowFilter = EVERY_SHOW): TicketFigures[] {
  // A bucket is one show-day (`<showId>-<type>-<day>`): its day is the sales' day.
  return Object.entries(counter.buckets ?? {})
    .filter(([showDayId]) => inRange(showDayId.slice(-10), range) && ofCinemas(showIdOfBucket(showDayId)))
    .map(([, bucket]) => bucket);
}

/** Buckets' figures per ticket type, net of refunds as the summary's, most sold first; types that sold nothing left out. */
function typeRowsOf(buckets: readonly TicketFigures[], names: ReadonlyMap<string, string>): TicketTypeSalesRow[] {
  const totals = new Map<string, TypeFigures>();
  for (const bucket of buckets)
    for (const [code, figures] of Object.entries(bucket.types ?? {})) {
      const total = totals.get(code) ?? { tickets: 0, totalPrice: 0, netPrice: 0, refundedTickets: 0, refundedPrice: 0, refundedNet: 0 };
      for (const field of Object.keys(total) as Array<keyof TypeFigures>) total[field] += figures[field] ?? 0;
      totals.set(code, total);
    }
  return [...totals]
    .filter(([, figures]) => figures.tickets > 0)
    .map(([code, figures]) => ({
      type: code,
      name: names.get(ticketTypeNameKey(code)) ?? code,
      tickets: figures.tickets - figures.refundedTickets,
      totalPrice: figures.totalPrice - figures.refundedPrice,
      netPrice: figures.netPrice - figures.refundedNet,
      refundedPrice: figures.refundedPrice,
    }))
    .sort((a, b) => b.tickets - a.tickets || b.totalPrice - a.totalPrice || a.name.localeCompare(b.name, 'es'));
}

/** A summary row with its sales by ticket type (the summary CSV's extra columns). */
export type SummaryRowByType = SalesSummaryRow & { ticketTypes: TicketTypeSalesRow[] };

function sortByTotal<T extends { totalPrice: number }>(rows: T[], sort: 'min' | 'max'): T[] {
  return rows.sort((a, b) => (sort === 'min' ? a.totalPrice - b.totalPrice : b.totalPrice - a.totalPrice));
}

/**
 * The read side of the sales reports: every answer comes from the read model
 * the ledger keeps (counters and sale records), added up in memory; titles and
 * candy names are the current ones.
 */
export class SalesReports {
  constructor(private readonly store: SalesStore) {}

  /** One row per movie × type × month, newest month first; of the sales paid in `range` when given. */
  async summaries(range: DayRange = {}, cinemas?: CinemaSelection): Promise<SalesSummaryRow[]> {
    return (await this.summariesByType(range, undefined, cinemas)).map(({ ticketTypes: _types, ...row }) => row);
  }

  /** The summary rows, each with its sales by ticket type; of the titles containing `name` when given. */
  async summariesByType(range: DayRange = {}, name?: string, cinemas?: CinemaSelection): Promise<SummaryRowByType[]> {
    const [counters, names, ofCinemas] = await Promise.all([
      this.store.movieMonths.find({}).toArray(),
      this.names(),
      this.showFilter(cinemas),
    ]);
    const wanted = name === undefined ? undefined : searchKey(name);
    return (
      counters
        .map((counter) => {
          const buckets = bucketsIn(counter, range, ofCinemas);
          return {
            movieId: counter.movieId,
            title: names.get(movieNameKey(counter.movieId)) ?? '',
            type: counter.type,
            month: counter.month,
            monthName: monthNameOf(counter.month),
            ...netOf({
              seats: sumOf(buckets, (bucket) => bucket.seats),
              totalPrice: sumOf(buckets, (bucket) => bucket.totalPrice),
              netPrice: sumOf(buckets, (bucket) => bucket.netPrice),
              refundedSeats: sumOf(buckets, (bucket) => bucket.refundedSeats ?? 0),
              refundedPrice: sumOf(buckets, (bucket) => bucket.refundedPrice ?? 0),
              refundedNet: sumOf(buckets, (bucket) => bucket.refundedNet ?? 0),
            }),
            ticketTypes: typeRowsOf(buckets, names),
          };
        })
        // A refund that came before its sale leaves zeros until the sale comes: no row for it yet.
        .filter((row) => row.seats + row.refundedSeats > 0)
        .filter((row) => wanted === undefined || searchKey(row.title).includes(wanted))
        .sort((a, b) => b.month.localeCompare(a.month) || a.title.localeCompare(b.title, 'es') || a.type.localeCompare(b.type))
    );
  }

  /** The sales paid in `range` (every sale without one) by ticket type, net of refunds, most sold first. */
  async ticketTypes(range: DayRange = {}, cinemas?: CinemaSelection): Promise<TicketTypeSalesRow[]> {
    const [counters, names, ofCinemas] = await Promise.all([
      this.store.movieMonths.find({}).toArray(),
      this.names(),
      this.showFilter(cinemas),
    ]);
    return typeRowsOf(
      counters.flatMap((counter) => bucketsIn(counter, range, ofCinemas)),
      names,
    );
  }

  /** The same per movie (every format and month of it), movies by title; a movie that sold nothing in `range` left out. */
  async ticketTypesByMovie(range: DayRange = {}, cinemas?: CinemaSelection): Promise<MovieTicketTypeSales[]> {
    const [counters, names, ofCinemas] = await Promise.all([
      this.store.movieMonths.find({}).toArray(),
      this.names(),
      this.showFilter(cinemas),
    ]);
    const buckets = new Map<string, TicketFigures[]>();
    for (const counter of counters)
      buckets.set(counter.movieId, [...(buckets.get(counter.movieId) ?? []), ...bucketsIn(counter, range, ofCinemas)]);
    return [...buckets]
      .map(([movieId, movieBuckets]) => ({
        movieId,
        title: names.get(movieNameKey(movieId)) ?? '',
        types: typeRowsOf(movieBuckets, names),
      }))
      .filter((movie) => movie.types.length > 0)
      .sort((a, b) => a.title.localeCompare(b.title, 'es'));
  }

  /** The summary rows whose title contains `name`, ignoring case and accents. */
  async search(name: string, cinemas?: CinemaSelection): Promise<SalesSummaryRow[]> {
    const wanted = searchKey(name);
    return (await this.summaries({}, cinemas)).filter((row) => searchKey(row.title).includes(wanted));
  }

  /** One row per paid order, net of its refunds. */
  async detail({ month, movieId, type, sort, cinemas }: DetailFilter): Promise<SaleDetailRow[]> {
    const filter: Partial<Pick<SaleRecord, 'month' | 'movieId' | 'type'>> = {
      ...(month ? { month } : {}),
      ...(movieId ? { movieId } : {}),
      ...(type ? { type } : {}),
    };
    const [sales, refunds, names] = await Promise.all([
      this.store.sales.find(filter).toArray(),
      this.store.refunds.find(month ? { month } : {}).toArray(),
      this.names(),
    ]);
    const refundsOf = new Map<string, RefundRecord[]>();
    for (const refund of refunds) refundsOf.set(refund.orderId, [...(refundsOf.get(refund.orderId) ?? []), refund]);
    const rows = sales
      .filter((sale) => inSelection(cinemas, sale.cinemaId))
      .map((sale) => {
        const refunded = refundsOf.get(sale._id) ?? [];
        return {
          orderId: sale._id,
          movieId: sale.movieId,
          title: names.get(movieNameKey(sale.movieId)) ?? sale.title,
          type: sale.type,
          date: sale.paidAt.toISOString(),
          day: sale.day,
          ...netOf({
            seats: sale.seats,
            totalPrice: sale.totalPrice,
            netPrice: sale.netPrice,
            refundedSeats: sumOf(refunded, (refund) => refund.seats),
            refundedPrice: sumOf(refunded, (refund) => refund.totalPrice),
            refundedNet: sumOf(refunded, (refund) => refund.netPrice),
          }),
        };
      });
    return sort ? sortByTotal(rows, sort) : rows.sort((a, b) => b.date.localeCompare(a.date));
  }

  /** The detail's sales added up per month (spec §4); newest month first unless sorted by total. */
  async detailByMonth(filter: DetailFilter): Promise<SalesMonthRow[]> {
    const months = new Map<Month, SalesMonthRow>();
    for (const sale of await this.detail({ ...filter, sort: undefined })) {
      const month = sale.day.slice(0, 7);
      const row = months.get(month) ?? {
        month,
        monthName: monthNameOf(month),
        seats: 0,
        totalPrice: 0,
        netPrice: 0,
        refundedSeats: 0,
        refundedPrice: 0,
      };
      row.seats += sale.seats;
      row.totalPrice += sale.totalPrice;
      row.netPrice += sale.netPrice;
      row.refundedSeats += sale.refundedSeats;
      row.refundedPrice += sale.refundedPrice;
      months.set(month, row);
    }
    const rows = [...months.values()];
    return filter.sort ? sortByTotal(rows, filter.sort) : rows.sort((a, b) => b.month.localeCompare(a.month));
  }

  /** The `limit` movies with most tickets sold over every month, or those paid in `range`. */
  async top(limit: number, range: DayRange = {}, cinemas?: CinemaSelection): Promise<TopSellerRow[]> {
    const movies = new Map<string, TopSellerRow>();
    for (const row of await this.summaries(range, cinemas)) {
      const movie = movies.get(row.movieId) ?? { movieId: row.movieId, title: row.title, seats: 0, totalPrice: 0 };
      movie.seats += row.seats;
      movie.totalPrice += row.totalPrice;
      movies.set(row.movieId, movie);
    }
    return [...movies.values()]
      .sort((a, b) => b.seats - a.seats || b.totalPrice - a.totalPrice || a.title.localeCompare(b.title, 'es'))
      .slice(0, limit);
  }

  /** The `months` given, oldest first, with zeros where nothing was sold; only sales paid in `range` count. */
  async monthly(wanted: readonly Month[], range: DayRange = {}, cinemas?: CinemaSelection): Promise<MonthlySalesRow[]> {
    const months = new Map(wanted.map((month) => [month, { month, monthName: monthNameOf(month), seats: 0, totalPrice: 0 }]));
    for (const row of await this.summaries(range, cinemas)) {
      const month = months.get(row.month);
      if (!month) continue;
      month.seats += row.seats;
      month.totalPrice += row.totalPrice;
    }
    return [...months.values()];
  }

  /**
   * Occupancy of the shows of `range` (by the show's date) that sold: tickets sold less refunded of the
   * show's seats, and per movie over its shows of known capacity; most occupied first. Sales knows a
   * show from its orders, so a show that sold nothing is not in it.
   */
  async occupancy(range: DayRange, cinemas?: CinemaSelection): Promise<SalesOccupancy> {
    const [allShows, showDays, names] = await Promise.all([
      this.store.shows.find(dayRangeQuery('date', range)).toArray(),
      this.store.showDays.find({}).toArray(),
      this.names(),
    ]);
    const shows = allShows.filter((show) => inSelection(cinemas, show.cinemaId));
    const sold = new Map<string, number>();
    for (const showDay of showDays) {
      const showId = showIdOfShowDay(showDay);
      sold.set(showId, (sold.get(showId) ?? 0) + netSeatsOf(showDay));
    }
    const ratio = (row: { sold: number; capacity: number | null }) => (row.capacity ? row.sold / row.capacity : -1);
    const rows: ShowOccupancyRow[] = shows
      .map((show) => ({
        showId: show._id,
        movieId: show.movieId,
        title: names.get(movieNameKey(show.movieId)) ?? '',
        type: show.type,
        date: show.date,
        schedule: show.schedule,
        roomId: show.roomId,
        sold: Math.max(0, sold.get(show._id) ?? 0),
        capacity: show.capacity ?? null,
      }))
      .sort((a, b) => ratio(b) - ratio(a) || a.date.localeCompare(b.date) || a.schedule.localeCompare(b.schedule));
    const movies = new Map<string, MovieOccupancyRow>();
    for (const row of rows) {
      const movie = movies.get(row.movieId) ?? { movieId: row.movieId, title: row.title, shows: 0, sold: 0, capacity: 0 };
      if (row.capacity !== null) {
        movie.shows += 1;
        movie.sold += row.sold;
        movie.capacity += row.capacity;
      }
      movies.set(row.movieId, movie);
    }
    const byMovie = [...movies.values()]
      .filter((movie) => movie.capacity > 0)
      .sort((a, b) => b.sold / b.capacity - a.sold / a.capacity || a.title.localeCompare(b.title, 'es'));
    return { shows: rows, movies: byMovie };
  }

  /** Candy sold per item and day, newest day first. */
  async candy({ day, itemId, range = {}, cinemas }: CandyFilter): Promise<CandySalesRow[]> {
    if (day && !inRange(day, range)) return [];
    const filter = day ? { day, ...(itemId ? { itemId } : {}) } : { ...dayRangeQuery('day', range), ...(itemId ? { itemId } : {}) };
    const [counters, names, ofCinemas] = await Promise.all([
      this.store.candyDays.find(filter).toArray(),
      this.names(),
      this.showFilter(cinemas),
    ]);
    return (
      counters
        .map((counter) => {
          const buckets = Object.entries(counter.buckets ?? {})
            .filter(([showDayId]) => ofCinemas(showIdOfBucket(showDayId)))
            .map(([, bucket]) => bucket);
          return { counter, buckets };
        })
        // A cinema that sold none of an item that day has no row of it.
        .filter(({ buckets }) => cinemas === undefined || buckets.length > 0)
        .map(({ counter, buckets }) => {
          return {
            itemId: counter.itemId,
            name: names.get(candyNameKey(counter.itemId)) ?? '',
            day: counter.day,
            quantity: sumOf(buckets, (bucket) => bucket.quantity - (bucket.refundedQuantity ?? 0)),
            totalPrice: sumOf(buckets, (bucket) => bucket.totalPrice - (bucket.refundedPrice ?? 0)),
            refundedQuantity: sumOf(buckets, (bucket) => bucket.refundedQuantity ?? 0),
            refundedPrice: sumOf(buckets, (bucket) => bucket.refundedPrice ?? 0),
          };
        })
        .sort((a, b) => b.day.localeCompare(a.day) || a.name.localeCompare(b.name, 'es'))
    );
  }

  /** Issue 41: the club's figures of the period (clubReportOf's rules), from every club fact up to `to`. */
  async club(range: DayRange = {}): Promise<ClubSalesReport> {
    const facts = await this.store.clubFacts.find(range.to ? { day: { $lte: range.to } } : {}).toArray();
    return clubReportOf(facts, range);
  }

  /** Issue 39: discounts by code and the gift cards' money of the period (discountsReportOf's rules). */
  async discounts(range: DayRange = {}, cinemas?: CinemaSelection): Promise<DiscountsReport> {
    const to = range.to;
    // Every sale up to `to` paid with a code or a gift card (what the gift cards still hold is all time), their refunds, the cards.
    const sales = await this.store.sales
      .find(
        { $or: [{ promoCode: { $exists: true } }, { giftCardPaid: { $exists: true } }], ...(to ? { day: { $lte: to } } : {}) },
        { projection: { _id: 1, day: 1, cinemaId: 1, seats: 1, candy: 1, promoCode: 1, discount: 1, giftCardPaid: 1 } },
      )
      .toArray();
    const [refunds, giftCards] = await Promise.all([
      sales.length === 0
        ? Promise.resolve([])
        : this.store.refunds
            .find(
              { orderId: { $in: sales.map((sale) => sale._id) } },
              { projection: { orderId: 1, seats: 1, candyQuantity: 1, discount: 1, giftCardRefunded: 1, refundDay: 1 } },
            )
            .toArray(),
      this.store.giftCardMoves.find(to ? { day: { $lte: to } } : {}, { projection: { kind: 1, amount: 1, day: 1 } }).toArray(),
    ]);
    return discountsReportOf({ sales, refunds, giftCards }, range, cinemas);
  }

  /** The revenue of the sales paid in `range` (every sale without one), net of refunds: tickets, candy (per item too) and both. */
  async totals(range: DayRange = {}, cinemas?: CinemaSelection): Promise<SalesTotals> {
    const [summaries, candy] = await Promise.all([this.summaries(range, cinemas), this.candy({ range, cinemas })]);
    const tickets = {
      seats: sumOf(summaries, (row) => row.seats),
      totalPrice: sumOf(summaries, (row) => row.totalPrice),
      netPrice: sumOf(summaries, (row) => row.netPrice),
      refundedSeats: sumOf(summaries, (row) => row.refundedSeats),
      refundedPrice: sumOf(summaries, (row) => row.refundedPrice),
    };
    const items = new Map<string, CandyItemTotalRow>();
    for (const row of candy) {
      const item = items.get(row.itemId) ?? {
        itemId: row.itemId,
        name: row.name,
        quantity: 0,
        totalPrice: 0,
        refundedQuantity: 0,
        refundedPrice: 0,
      };
      item.quantity += row.quantity;
      item.totalPrice += row.totalPrice;
      item.refundedQuantity += row.refundedQuantity;
      item.refundedPrice += row.refundedPrice;
      items.set(row.itemId, item);
    }
    const candyItems = [...items.values()].sort((a, b) => b.totalPrice - a.totalPrice || a.name.localeCompare(b.name, 'es'));
    const candyTotals = {
      quantity: sumOf(candyItems, (item) => item.quantity),
      totalPrice: sumOf(candyItems, (item) => item.totalPrice),
      refundedQuantity: sumOf(candyItems, (item) => item.refundedQuantity),
      refundedPrice: sumOf(candyItems, (item) => item.refundedPrice),
    };
    return { tickets, candy: candyTotals, candyItems, totalPrice: tickets.totalPrice + candyTotals.totalPrice };
  }

  /**
   * Each cinema's tickets (net of refunds) and revenue (tickets and candy) of the sales paid in `range`: `totalPrice`
   * sold, `netPrice` sold less refunded. Every cinema named (cinema.saved, or its orders) or that sold, or those selected.
   */
  async cinemas(range: DayRange = {}, cinemas?: CinemaSelection, fallbackName = (cinemaId: string) => cinemaId): Promise<CinemaSalesRow[]> {
    const [counters, candyDays, names, cinemaOf] = await Promise.all([
      this.store.movieMonths.find({}).toArray(),
      this.store.candyDays.find(dayRangeQuery('day', range)).toArray(),
      this.names(),
      this.cinemaOfShows(),
    ]);
    const rows = new Map<string, { tickets: number; totalPrice: number; refunded: number }>();
    const rowOf = (cinemaId: string) => {
      const row = rows.get(cinemaId) ?? { tickets: 0, totalPrice: 0, refunded: 0 };
      rows.set(cinemaId, row);
      return row;
    };
    if (cinemas) for (const cinemaId of cinemas) rowOf(cinemaId);
    else for (const key of names.keys()) if (key.startsWith(CINEMA_NAME_PREFIX)) rowOf(key.slice(CINEMA_NAME_PREFIX.length));
    const selected = (cinemaId: string) => cinemas === undefined || cinemas.includes(cinemaId);
    for (const counter of counters)
      for (const [showDayId, bucket] of Object.entries(counter.buckets ?? {})) {
        const cinemaId = cinemaOf(showIdOfBucket(showDayId));
        if (!inRange(showDayId.slice(-10), range) || !selected(cinemaId)) continue;
        const row = rowOf(cinemaId);
        row.tickets += bucket.seats - (bucket.refundedSeats ?? 0);
        row.totalPrice += bucket.totalPrice;
        row.refunded += bucket.refundedPrice ?? 0;
      }
    for (const counter of candyDays)
      for (const [showDayId, bucket] of Object.entries(counter.buckets ?? {})) {
        const cinemaId = cinemaOf(showIdOfBucket(showDayId));
        if (!selected(cinemaId)) continue;
        const row = rowOf(cinemaId);
        row.totalPrice += bucket.totalPrice;
        row.refunded += bucket.refundedPrice ?? 0;
      }
    return [...rows]
      .map(([cinemaId, row]) => ({
        cinemaId,
        name: names.get(cinemaNameKey(cinemaId)) ?? fallbackName(cinemaId),
        tickets: row.tickets,
        totalPrice: row.totalPrice,
        netPrice: row.totalPrice - row.refunded,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.cinemaId.localeCompare(b.cinemaId));
  }

  /** The cinema of each show sales heard of (the first cinema for a show it never heard of, or heard of before the chain). */
  private async cinemaOfShows(): Promise<(showId: string) => string> {
    const shows = await this.store.shows.find({}, { projection: { cinemaId: 1 } }).toArray();
    const cinemaOf = new Map(shows.map((show) => [show._id, show.cinemaId ?? FIRST_CINEMA_ID]));
    return (showId) => cinemaOf.get(showId) ?? FIRST_CINEMA_ID;
  }

  private async showFilter(cinemas: CinemaSelection): Promise<ShowFilter> {
    if (cinemas === undefined) return EVERY_SHOW;
    const cinemaOf = await this.cinemaOfShows();
    return (showId) => cinemas.includes(cinemaOf(showId));
  }

  private async names(): Promise<Map<string, string>> {
    return new Map((await this.store.names.find({}).toArray()).map((entry) => [entry._id, entry.name]));
  }
}
