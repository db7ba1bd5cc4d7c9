import { ShowType } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { parseMonth } from '../sales/sales-calendar';
import type { CandyFilter, DetailFilter } from '../sales/sales-reports';

const MONTH_NOT_VALID = "El mes debe escribirse AAAA-MM (por ejemplo 2026-11) o abreviado de 'Ene' a 'Dic'.";

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w-]+$' });

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

type DetailQuery = Static<TObject<typeof detailFilters>>;
type CandyQuery = Static<TObject<typeof candyFilters>>;

export function detailFilterOf(app: ServiceApp, { mes, movieId, type, sort }: DetailQuery): DetailFilter {
  const month = mes === undefined ? undefined : parseMonth(mes, app.clock());
  if (mes !== undefined && !month) throw app.httpErrors.badRequest(MONTH_NOT_VALID);
  return { month, movieId, type, sort };
}

export function candyFilterOf({ day, itemId }: CandyQuery): CandyFilter {
  return { day, itemId };
}
