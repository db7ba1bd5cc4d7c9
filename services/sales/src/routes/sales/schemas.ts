import {
  CandySalesRow,
  CinemaSalesRow,
  ClubSalesQuery,
  ClubSalesReport,
  DiscountsQuery,
  DiscountsReport,
  MonthlySalesRow,
  MovieTicketTypeSales,
  SalesOccupancy,
  SalesSummaryRow,
  SalesTotals,
  TicketTypeSalesRow,
  TopSellerRow,
} from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';
import { candyFilters, cinemaFilters, detailFilters, MAX_MONTHS, rangeFilters } from '../report-queries';

const tags = ['sales'];

export const search = {
  tags,
  security: bearerAuth,
  summary: 'Summary rows whose movie title contains `name`, ignoring case and accents (admin or manager)',
  querystring: Type.Object({ name: Type.String({ maxLength: 100 }), ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: Type.Array(SalesSummaryRow), ...errors(400, 401, 403, 503) },
};

export const top = {
  tags,
  security: bearerAuth,
  summary:
    'The movies with most tickets sold, over every month or of the sales paid from `from` to `to` (cinema days, both included) (admin or manager)',
  querystring: Type.Object(
    { limit: Type.Integer({ minimum: 1, maximum: 50, default: 6 }), ...rangeFilters, ...cinemaFilters },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(TopSellerRow), ...errors(400, 401, 403, 503) },
};

export const monthly = {
  tags,
  security: bearerAuth,
  summary:
    'Tickets sold per month over the last `months` months, oldest first, ending with the current month; with `from` and/or `to` ' +
    `(cinema days, both included) the months of that period (at most ${MAX_MONTHS}; \`to\` defaults to today, \`from\` to \`months\` months before it), counting the sales paid in it (admin or manager)`,
  querystring: Type.Object(
    { months: Type.Integer({ minimum: 1, maximum: MAX_MONTHS, default: 8 }), ...rangeFilters, ...cinemaFilters },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(MonthlySalesRow), ...errors(400, 401, 403, 503) },
};

export const occupancy = {
  tags,
  security: bearerAuth,
  summary:
    "Occupancy of the shows from `from` to `to` (the show's cinema day, both included; every show when left out) that sold: tickets sold " +
    'less refunded of their seats, and per movie over its shows of known capacity; most occupied first. A show that sold nothing is not listed (admin or manager)',
  querystring: Type.Object({ ...rangeFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: SalesOccupancy, ...errors(400, 401, 403, 503) },
};

export const totals = {
  tags,
  security: bearerAuth,
  summary:
    'Revenue of the sales paid from `from` to `to` (cinema days, both included; every sale when left out), net of refunds: ' +
    "the tickets' T.Bruto and T.Neto, the candy in all and per item, and both together (admin or manager)",
  querystring: Type.Object({ ...rangeFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: SalesTotals, ...errors(400, 401, 403, 503) },
};

export const ticketTypes = {
  tags,
  security: bearerAuth,
  summary:
    'Tickets of the sales paid from `from` to `to` (cinema days, both included; every sale when left out) by ticket type: ' +
    'tickets, T.Bruto and T.Neto net of refunds, and what was refunded; most sold first. An order.paid without lines (version 1) counts every seat General (admin or manager)',
  querystring: Type.Object({ ...rangeFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: Type.Array(TicketTypeSalesRow), ...errors(400, 401, 403, 503) },
};

export const ticketTypesByMovie = {
  tags,
  security: bearerAuth,
  summary:
    'The same per movie (every format and month of it), movies by title; a movie that sold nothing in the period is left out (admin or manager)',
  querystring: Type.Object({ ...rangeFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: Type.Array(MovieTicketTypeSales), ...errors(400, 401, 403, 503) },
};

export const cinemas = {
  tags,
  security: bearerAuth,
  summary:
    "Each cinema's tickets (net of refunds), `totalPrice` sold (tickets and candy) and `netPrice` (less refunds) of the sales paid from `from` to `to` " +
    '(cinema days, both included; every sale when left out): an admin every cinema of the chain, a manager theirs',
  querystring: Type.Object({ ...rangeFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: Type.Array(CinemaSalesRow), ...errors(400, 401, 403, 503) },
};

export const candy = {
  tags,
  security: bearerAuth,
  summary: 'Candy sold per item and day, newest day first (admin or manager)',
  querystring: Type.Object({ ...candyFilters, ...cinemaFilters }, { additionalProperties: false }),
  response: { 200: Type.Array(CandySalesRow), ...errors(400, 401, 403, 503) },
};

export const discounts = {
  tags,
  security: bearerAuth,
  summary:
    'Issue 39: discounts by promo code of the orders paid from `from` to `to` (cinema days, both included; every sale when left out): ' +
    'uses (less the orders refunded whole) and the amount taken off (less what refunds took back); the gift cards sold and issued in the ' +
    'period, redeemed in it (spent less returned) and outstanding at its end (what the chain still owes). A manager: the codes used at ' +
    "their cinemas and what gift cards paid there; the chain's gift-card figures (sold, outstanding) are 0 for them (admin or manager)",
  querystring: DiscountsQuery,
  response: { 200: DiscountsReport, ...errors(400, 401, 403, 503) },
};

export const club = {
  tags,
  security: bearerAuth,
  summary:
    "Issue 41: the Cine Club's figures from `from` to `to` (the chain's reporting days, both included; all time when left out): " +
    'points earned (less reversals) and spent (less what was given back) in the period, the liability of every balance at its end ' +
    '(cents), the passes active, in grace or cancelling at its end, the renewals charged and declined and the pass revenue in it ' +
    "(admin only: the club is the chain's, a manager is refused)",
  querystring: ClubSalesQuery,
  response: { 200: ClubSalesReport, ...errors(400, 401, 403, 503) },
};

export const exportCsv = {
  tags,
  security: bearerAuth,
  summary:
    "A report as a CSV download with the admin tables' Spanish headers and amounts in US$ with two decimals; the summary's spec columns are followed by each ticket type's tickets, T.Bruto, T.Neto and T.Reembolsado; " +
    "'discounts' (issue 39): the discounts by code and the gift cards' figures of `from` to `to` (admin or manager)",
  querystring: Type.Object(
    {
      report: Type.Union([Type.Literal('summary'), Type.Literal('detail'), Type.Literal('candy'), Type.Literal('discounts')]),
      name: Type.Optional(Type.String({ maxLength: 100, description: 'summary: titles containing it' })),
      ...detailFilters,
      ...candyFilters,
      ...rangeFilters,
      ...cinemaFilters,
    },
    { additionalProperties: false },
  ),
  produces: ['text/csv'],
  response: {
    200: { description: 'text/csv; charset=utf-8', content: { 'text/csv': { schema: Type.String() } } },
    ...errors(400, 401, 403, 503),
  },
};
