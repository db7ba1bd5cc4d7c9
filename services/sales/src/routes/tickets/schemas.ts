import { SaleDetailRow, SalesMonthRow, SalesSummaryRow } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';
import { detailFilters } from '../report-queries';

const tags = ['sales'];

export const summaries = {
  tags,
  security: bearerAuth,
  summary: 'Tickets sold per movie × type × month (admin), newest month first',
  response: { 200: Type.Array(SalesSummaryRow), ...errors(401, 403, 503) },
};

export const detail = {
  tags,
  security: bearerAuth,
  summary: 'The paid orders of a month, one row each (admin); with groupBy=month, their sums per month',
  querystring: Type.Object(detailFilters, { additionalProperties: false }),
  response: { 200: Type.Union([Type.Array(SaleDetailRow), Type.Array(SalesMonthRow)]), ...errors(400, 401, 403, 503) },
};
