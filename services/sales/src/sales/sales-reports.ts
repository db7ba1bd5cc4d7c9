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
import { candyNameKey, movieNameKey, type SaleRecord, type SalesStore } from './sales-store';

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
    return counters
      .map((counter) => {
        const buckets = Object.values(counter.buckets ?? {});
        return {
          movieId: counter.movieId,
          title: names.get(movieNameKey(counter.movieId)) ?? '',
          type: counter.type,
          month: counter.month,
          monthName: monthNameOf(counter.month),
          seats: sumOf(buckets, (bucket) => bucket.seats),
          totalPrice: sumOf(buckets, (bucket) => bucket.totalPrice),
          netPrice: sumOf(buckets, (bucket) => bucket.netPrice),
        };
      })
      .sort((a, b) => b.month.localeCompare(a.month) || a.title.localeCompare(b.title, 'es') || a.type.localeCompare(b.type));
  }

  /** The summary rows whose title contains `name`, ignoring case and accents. */
  async search(name: string): Promise<SalesSummaryRow[]> {
    const wanted = searchKey(name);
    return (await this.summaries()).filter((row) => searchKey(row.title).includes(wanted));
  }

  /** One row per paid order. */
  async detail({ month, movieId, type, sort }: DetailFilter): Promise<SaleDetailRow[]> {
    const filter: Partial<Pick<SaleRecord, 'month' | 'movieId' | 'type'>> = {
      ...(month ? { month } : {}),
      ...(movieId ? { movieId } : {}),
      ...(type ? { type } : {}),
    };
    const [sales, names] = await Promise.all([this.store.sales.find(filter).toArray(), this.names()]);
    const rows = sales.map((sale) => ({
      orderId: sale._id,
      movieId: sale.movieId,
      title: names.get(movieNameKey(sale.movieId)) ?? sale.title,
      type: sale.type,
      seats: sale.seats,
      date: sale.paidAt.toISOString(),
      day: sale.day,
      totalPrice: sale.totalPrice,
      netPrice: sale.netPrice,
    }));
    return sort ? sortByTotal(rows, sort) : rows.sort((a, b) => b.date.localeCompare(a.date));
  }

  /** The detail's sales added up per month (spec §4); newest month first unless sorted by total. */
  async detailByMonth(filter: DetailFilter): Promise<SalesMonthRow[]> {
    const months = new Map<Month, SalesMonthRow>();
    for (const sale of await this.detail({ ...filter, sort: undefined })) {
      const month = sale.day.slice(0, 7);
      const row = months.get(month) ?? { month, monthName: monthNameOf(month), seats: 0, totalPrice: 0, netPrice: 0 };
      row.seats += sale.seats;
      row.totalPrice += sale.totalPrice;
      row.netPrice += sale.netPrice;
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
          quantity: sumOf(buckets, (bucket) => bucket.quantity),
          totalPrice: sumOf(buckets, (bucket) => bucket.totalPrice),
        };
      })
      .sort((a, b) => b.day.localeCompare(a.day) || a.name.localeCompare(b.name, 'es'));
  }

  private async names(): Promise<Map<string, string>> {
    return new Map((await this.store.names.find({}).toArray()).map((entry) => [entry._id, entry.name]));
  }
}
