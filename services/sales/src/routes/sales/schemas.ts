import { CandySalesRow, MonthlySalesRow, SalesSummaryRow, TopSellerRow } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';
import { candyFilters, detailFilters } from '../report-queries';

const tags = ['sales'];

/** Most months the monthly report goes back. */
const MAX_MONTHS = 36;

export const search = {
  tags,
  security: bearerAuth,
  summary: 'Summary rows whose movie title contains `name`, ignoring case and accents (admin)',
  querystring: Type.Object({ name: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
  response: { 200: Type.Array(SalesSummaryRow), ...errors(400, 401, 403, 503) },
};

export const top = {
  tags,
  security: bearerAuth,
  summary: 'The movies with most tickets sold, over every month (admin)',
  querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 50, default: 6 }) }, { additionalProperties: false }),
  response: { 200: Type.Array(TopSellerRow), ...errors(400, 401, 403, 503) },
};

export const monthly = {
  tags,
  security: bearerAuth,
  summary: 'Tickets sold per month over the last `months` months, oldest first, ending with the current month (admin)',
  querystring: Type.Object({ months: Type.Integer({ minimum: 1, maximum: MAX_MONTHS, default: 8 }) }, { additionalProperties: false }),
  response: { 200: Type.Array(MonthlySalesRow), ...errors(400, 401, 403, 503) },
};

export const candy = {
  tags,
  security: bearerAuth,
  summary: 'Candy sold per item and day, newest day first (admin)',
  querystring: Type.Object(candyFilters, { additionalProperties: false }),
  response: { 200: Type.Array(CandySalesRow), ...errors(400, 401, 403, 503) },
};

export const exportCsv = {
  tags,
  security: bearerAuth,
  summary: "A report as a CSV download with the admin tables' Spanish headers and amounts in US$ with two decimals (admin)",
  querystring: Type.Object(
    {
      report: Type.Union([Type.Literal('summary'), Type.Literal('detail'), Type.Literal('candy')]),
      name: Type.Optional(Type.String({ maxLength: 100, description: 'summary: titles containing it' })),
      ...detailFilters,
      ...candyFilters,
    },
    { additionalProperties: false },
  ),
  produces: ['text/csv'],
  response: {
    200: { description: 'text/csv; charset=utf-8', content: { 'text/csv': { schema: Type.String() } } },
    ...errors(400, 401, 403, 503),
  },
};
