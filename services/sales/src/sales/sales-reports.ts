import type {
  CandySalesRow,
  MonthlySalesRow,
  SaleDetailRow,
  SalesMonthRow,
  SalesSummaryRow,
  ShowType,
  TopSellerRow,
} from '@cine/contracts';
import { searchKey } from '@cine/service-kit';
import { lastMonths, monthNameOf, type Month } from './sales-calendar';
import { sumOf } from './sale-figures';
import { candyNameKey, movieNameKey, type RefundRecord, type SaleRecord, type SalesStore, type TicketFigures } from './sales-store';

export interface DetailFilter {
  month?: Month;
  movieId?: string;
  type?: ShowType;
  /** By totalPrice: 'min' ascending, 'max' descending; newest first otherwise. */
  sort?: 'min' | 'max';
}

export interface CandyFilter {
  day?: string;
  itemId?: string;
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

  /** One row per movie × type × month, newest month first. */
  async summaries(): Promise<SalesSummaryRow[]> {
    const [counters, names] = await Promise.all([this.store.movieMonths.find({}).toArray(), this.names()]);
    return (
      counters
        .map((counter) => {
          const buckets = Object.values(counter.buckets ?? {});
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
          };
        })
        // A refund that came before its sale leaves zeros until the sale comes: no row for it yet.
        .filter((row) => row.seats + row.refundedSeats > 0)
        .sort((a, b) => b.month.localeCompare(a.month) || a.title.localeCompare(b.title, 'es') || a.type.localeCompare(b.type))
    );
  }

  /** The summary rows whose title contains `name`, ignoring case and accents. */
  async search(name: string): Promise<SalesSummaryRow[]> {
    const wanted = searchKey(name);
    return (await this.summaries()).filter((row) => searchKey(row.title).includes(wanted));
  }

  /** One row per paid order, net of its refunds. */
  async detail({ month, movieId, type, sort }: DetailFilter): Promise<SaleDetailRow[]> {
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
    const rows = sales.map((sale) => {
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

  /** The `limit` movies with most tickets sold over every month. */
  async top(limit: number): Promise<TopSellerRow[]> {
    const movies = new Map<string, TopSellerRow>();
    for (const row of await this.summaries()) {
      const movie = movies.get(row.movieId) ?? { movieId: row.movieId, title: row.title, seats: 0, totalPrice: 0 };
      movie.seats += row.seats;
      movie.totalPrice += row.totalPrice;
      movies.set(row.movieId, movie);
    }
    return [...movies.values()]
      .sort((a, b) => b.seats - a.seats || b.totalPrice - a.totalPrice || a.title.localeCompare(b.title, 'es'))
      .slice(0, limit);
  }

  /** The last `count` months up to the current one, oldest first, with zeros where nothing was sold. */
  async monthly(count: number, now: Date): Promise<MonthlySalesRow[]> {
    const months = new Map(
      lastMonths(count, now).map((month) => [month, { month, monthName: monthNameOf(month), seats: 0, totalPrice: 0 }]),
    );
    for (const row of await this.summaries()) {
      const month = months.get(row.month);
      if (!month) continue;
      month.seats += row.seats;
      month.totalPrice += row.totalPrice;
    }
    return [...months.values()];
  }

  /** Candy sold per item and day, newest day first. */
  async candy({ day, itemId }: CandyFilter): Promise<CandySalesRow[]> {
    const filter = { ...(day ? { day } : {}), ...(itemId ? { itemId } : {}) };
    const [counters, names] = await Promise.all([this.store.candyDays.find(filter).toArray(), this.names()]);
    return counters
      .map((counter) => {
        const buckets = Object.values(counter.buckets ?? {});
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
      .sort((a, b) => b.day.localeCompare(a.day) || a.name.localeCompare(b.name, 'es'));
  }

  private async names(): Promise<Map<string, string>> {
    return new Map((await this.store.names.find({}).toArray()).map((entry) => [entry._id, entry.name]));
  }
}
