import { CinemaFilter, ShowType } from '@cine/contracts';
import { assertCinemaAccess, cinemaScope, type ServiceApp } from '@cine/service-kit';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { addMonths, cinemaDayOf, lastMonths, monthsBetween, parseMonth, type Month } from '../sales/sales-calendar';
import type { CandyFilter, CinemaSelection, DayRange, DetailFilter } from '../sales/sales-reports';

const MONTH_NOT_VALID = "El mes debe escribirse AAAA-MM (por ejemplo 2026-11) o abreviado de 'Ene' a 'Dic'.";

const PERIOD_REVERSED = "La fecha 'from' debe ser anterior o igual a 'to'.";
const PERIOD_TOO_LONG = (months: number) => `El período de los reportes puede abarcar hasta ${months} meses.`;

/** Most months the monthly report spans. */
export const MAX_MONTHS = 36;

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w-]+$' });

/** `?cinemaId=`, which every sales path takes (issue 38): that cinema's sales; without it, all the caller may see. */
export const cinemaFilters = CinemaFilter.properties;

/**
 * The cinemas a report is of: the one asked for (403 `notYourCinema` for a manager of others), else every
 * cinema for an admin and the manager's own for a manager (their token's `cin`, which identity signed).
 */
export function cinemasOf(request: Parameters<typeof cinemaScope>[0], cinemaId: string | undefined): CinemaSelection {
  if (cinemaId) {
    assertCinemaAccess(request, cinemaId);
    return [cinemaId];
  }
  const scope = cinemaScope(request);
  return scope.all ? undefined : scope.cinemaIds;
}

/** The filters of the detail report (and of its CSV). */
export const detailFilters = {
  mes: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 20,
      description: "'YYYY-MM', or 'Ene' … 'Dic' for the most recent such month; every month when left out",
    }),
  ),
  movieId: Type.Optional(Id),
  type: Type.Optional(ShowType),
  sort: Type.Optional(
    Type.Union([Type.Literal('min'), Type.Literal('max')], {
      description: "By totalPrice: 'min' ascending, 'max' descending; newest first when left out",
    }),
  ),
  groupBy: Type.Optional(Type.Literal('month', { description: 'Add the sales up per month (spec §4)' })),
};

/** The filters of the candy report (and of its CSV). */
export const candyFilters = {
  day: Type.Optional(Type.String({ format: 'date', maxLength: 10, description: "'YYYY-MM-DD', a real calendar day" })),
  itemId: Type.Optional(Id),
};

/** The reports' period (top 6, monthly, occupancy). */
export const rangeFilters = {
  from: Type.Optional(Type.String({ format: 'date', maxLength: 10, description: "From this cinema day ('YYYY-MM-DD'), included" })),
  to: Type.Optional(Type.String({ format: 'date', maxLength: 10, description: "Until this cinema day ('YYYY-MM-DD'), included" })),
};

type RangeQuery = Static<TObject<typeof rangeFilters>>;

export function dayRangeOf(app: ServiceApp, { from, to }: RangeQuery): DayRange {
  if (from && to && from > to) throw app.httpErrors.badRequest(PERIOD_REVERSED);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The monthly report's months: the period's (`to` defaults to today, `from` to `months` months before `to`), or the last `months`. */
export function reportMonthsOf(app: ServiceApp, range: DayRange, months: number): Month[] {
  const now = app.clock();
  if (!range.from && !range.to) return lastMonths(months, now);
  const last = (range.to ?? cinemaDayOf(now).day).slice(0, 7);
  const first = range.from ? range.from.slice(0, 7) : addMonths(last, 1 - months);
  const spanned = monthsBetween(first, last);
  if (spanned.length > MAX_MONTHS) throw app.httpErrors.badRequest(PERIOD_TOO_LONG(MAX_MONTHS));
  return spanned;
}

type DetailQuery = Static<TObject<typeof detailFilters>>;
type CandyQuery = Static<TObject<typeof candyFilters>>;

export function detailFilterOf(app: ServiceApp, { mes, movieId, type, sort }: DetailQuery, cinemas?: CinemaSelection): DetailFilter {
  const month = mes === undefined ? undefined : parseMonth(mes, app.clock());
  if (mes !== undefined && !month) throw app.httpErrors.badRequest(MONTH_NOT_VALID);
  return { month, movieId, type, sort, cinemas };
}

export function candyFilterOf({ day, itemId }: CandyQuery, cinemas?: CinemaSelection): CandyFilter {
  return { day, itemId, cinemas };
}
