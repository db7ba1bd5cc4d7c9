import type { PagingQuery, SHOW_SORTS, ShowType, ShowView } from '@cine/contracts';

type ShowSortField = (typeof SHOW_SORTS)[number];

/** The back office's Funciones query (booking `GET /show/all`). */
export interface ShowListQuery extends PagingQuery<ShowSortField> {
  movieId?: string;
  /** One cinema's shows (`?cinemaId=`). */
  cinemaId?: string;
  /** A manager's cinemas: their shows only (the route's scope; every cinema when absent). */
  cinemaIds?: readonly string[];
  roomId?: number;
  type?: ShowType;
  /** First and last cinema day, 'yyyy-mm-dd'. */
  from?: string;
  to?: string;
}

const titles = new Intl.Collator('es', { sensitivity: 'base' });

/** Two shows by one of the list's sort fields, ascending. */
export function compareShows(field: ShowSortField, a: ShowView, b: ShowView): number {
  switch (field) {
    case 'startsAt':
      return a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0;
    case 'movie':
      return titles.compare(a.movie.Title, b.movie.Title);
    case 'type':
      return a.type.localeCompare(b.type);
    case 'roomId':
    case 'price':
    case 'seats':
      return a[field] - b[field];
  }
}
