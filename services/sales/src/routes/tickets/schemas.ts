import { SaleDetailRow, SalesMonthRow, SalesSummaryRow } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';
import { cinemaFilters, detailFilters } from '../report-queries';

const tags = ['sales'];

export const summaries = {
  tags,
  security: bearerAuth,
  summary:
    "Tickets sold per movie × type × month, newest month first (admin: every cinema or `cinemaId`'s; manager: their cinemas', 403 for another's)",
  querystring: Type.Object(cinemaFilters, { additionalProperties: false }),
  response: { 200: Type.Array(SalesSummaryRow), ...errors(400, 401, 403, 503) },
};

export const detail = {
  tags,
  security: bearerAuth,
  summary:
    'The paid orders of a month, one row each; with groupBy=month, their sums per month (admin, or a manager of their cinemas; `cinemaId` as in /tickets/all)',
  querystring: Type.Object({ ...detailFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: Type.Union([Type.Array(SaleDetailRow), Type.Array(SalesMonthRow)]), ...errors(400, 401, 403, 503) },
};
