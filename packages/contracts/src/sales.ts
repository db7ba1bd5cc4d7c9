/**
 * The sales reports' views (sales service, admin only). One TypeBox schema per
 * shape: the service validates and documents its answers with it, and the
 * TypeScript type the web apps use comes from it. Amounts in integer cents;
 * `netPrice` is the cinema's share, 60 % of `totalPrice` rounded to the cent
 * per sale (a summary adds up its sales' net prices). Refunds (order.refunded)
 * are netted out: `seats`, `totalPrice`, `netPrice` and `quantity` are what
 * was sold less what was refunded; `refundedSeats`, `refundedPrice` (and
 * `refundedQuantity`) say what was refunded, so the gross is their sum.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cents } from './primitives';
import { TicketTypeSalesRow } from './pricing';
import { ShowType } from './views';

const MonthText = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: "'YYYY-MM' in the cinema's time zone" });
const DayText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD' in the cinema's time zone" });
const RefundedSeats = Type.Integer({ minimum: 0, description: 'Tickets refunded' });
const RefundedPrice = Type.Integer({ minimum: 0, description: 'Cents refunded (T.Bruto of the refunded tickets)' });
const MonthName = Type.String({ description: "Spanish abbreviation: 'Ene' … 'Dic'" });

/** GET /tickets/all and /sales/search: the tickets of one movie × type × month. */
export const SalesSummaryRow = Type.Object(
  {
    movieId: Type.String(),
    title: Type.String(),
    type: ShowType,
    month: MonthText,
    monthName: MonthName,
    seats: Type.Integer({ minimum: 0, description: 'Tickets sold less refunded' }),
    totalPrice: Cents(),
    netPrice: Cents(),
    refundedSeats: RefundedSeats,
    refundedPrice: RefundedPrice,
  },
  { additionalProperties: false },
);
export type SalesSummaryRow = Static<typeof SalesSummaryRow>;

/** GET /tickets/all/detail: one paid order's tickets. */
export const SaleDetailRow = Type.Object(
  {
    orderId: Type.String(),
    movieId: Type.String(),
    title: Type.String(),
    type: ShowType,
    seats: Type.Integer({ minimum: 0 }),
    date: Type.String({ description: 'ISO instant the order was paid' }),
    day: DayText,
    totalPrice: Cents(),
    netPrice: Cents(),
    refundedSeats: RefundedSeats,
    refundedPrice: RefundedPrice,
  },
  { additionalProperties: false },
);
export type SaleDetailRow = Static<typeof SaleDetailRow>;

/** GET /tickets/all/detail?groupBy=month: the detail's sales added up per month. */
export const SalesMonthRow = Type.Object(
  {
    month: MonthText,
    monthName: MonthName,
    seats: Type.Integer({ minimum: 0 }),
    totalPrice: Cents(),
    netPrice: Cents(),
    refundedSeats: RefundedSeats,
    refundedPrice: RefundedPrice,
  },
  { additionalProperties: false },
);
export type SalesMonthRow = Static<typeof SalesMonthRow>;

/** GET /sales/top: a movie's tickets over every month. */
export const TopSellerRow = Type.Object(
  { movieId: Type.String(), title: Type.String(), seats: Type.Integer({ minimum: 0 }), totalPrice: Cents() },
  { additionalProperties: false },
);
export type TopSellerRow = Static<typeof TopSellerRow>;

/** GET /sales/monthly: every movie's tickets of one month (zeros for a month without sales). */
export const MonthlySalesRow = Type.Object(
  { month: MonthText, monthName: MonthName, seats: Type.Integer({ minimum: 0 }), totalPrice: Cents() },
  { additionalProperties: false },
);
export type MonthlySalesRow = Static<typeof MonthlySalesRow>;

/** GET /sales/candy: one candy item sold on one day. */
export const CandySalesRow = Type.Object(
  {
    itemId: Type.String(),
    name: Type.String(),
    day: DayText,
    quantity: Type.Integer({ minimum: 0 }),
    totalPrice: Cents(),
    refundedQuantity: Type.Integer({ minimum: 0 }),
    refundedPrice: Cents(),
  },
  { additionalProperties: false },
);
export type CandySalesRow = Static<typeof CandySalesRow>;

/** GET /sales/totals: one candy item's revenue over the period. */
export const CandyItemTotalRow = Type.Object(
  {
    itemId: Type.String(),
    name: Type.String(),
    quantity: Type.Integer({ minimum: 0, description: 'Units sold less refunded' }),
    totalPrice: Cents(),
    refundedQuantity: Type.Integer({ minimum: 0 }),
    refundedPrice: Cents(),
  },
  { additionalProperties: false },
);
export type CandyItemTotalRow = Static<typeof CandyItemTotalRow>;

/**
 * GET /sales/totals: the revenue of the sales paid in a period (every sale without one), net of
 * refunds: the tickets (T.Bruto and T.Neto), the candy (in all and per item, most revenue first)
 * and both together.
 */
export const SalesTotals = Type.Object(
  {
    tickets: Type.Object(
      {
        seats: Type.Integer({ minimum: 0, description: 'Tickets sold less refunded' }),
        totalPrice: Cents(),
        netPrice: Cents(),
        refundedSeats: RefundedSeats,
        refundedPrice: RefundedPrice,
      },
      { additionalProperties: false },
    ),
    candy: Type.Object(
      {
        quantity: Type.Integer({ minimum: 0, description: 'Units sold less refunded' }),
        totalPrice: Cents(),
        refundedQuantity: Type.Integer({ minimum: 0 }),
        refundedPrice: Cents(),
      },
      { additionalProperties: false },
    ),
    candyItems: Type.Array(CandyItemTotalRow),
    totalPrice: Type.Integer({ minimum: 0, description: "Cents: the tickets' T.Bruto plus the candy, net of refunds" }),
  },
  { additionalProperties: false },
);
export type SalesTotals = Static<typeof SalesTotals>;

/** POST /orders/replay (booking, admin): how many paid orders were published again. */
export const OrdersReplayed = Type.Object({ republished: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
export type OrdersReplayed = Static<typeof OrdersReplayed>;

/** GET /sales/occupancy: one show's tickets sold (less refunded) of its seats. */
export const ShowOccupancyRow = Type.Object(
  {
    showId: Type.String(),
    movieId: Type.String(),
    title: Type.String(),
    type: ShowType,
    date: DayText,
    schedule: Type.String({ description: "'HH:MM'" }),
    roomId: Type.Integer(),
    sold: Type.Integer({ minimum: 0, description: 'Tickets sold less refunded' }),
    capacity: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: "The show's seats; null when only orders made before booking carried it were heard",
    }),
  },
  { additionalProperties: false },
);
export type ShowOccupancyRow = Static<typeof ShowOccupancyRow>;

/** GET /sales/occupancy: a movie's shows added up (those of known capacity). */
export const MovieOccupancyRow = Type.Object(
  {
    movieId: Type.String(),
    title: Type.String(),
    shows: Type.Integer({ minimum: 0 }),
    sold: Type.Integer({ minimum: 0 }),
    capacity: Type.Integer({ minimum: 0, description: 'Seats of its shows of known capacity' }),
  },
  { additionalProperties: false },
);
export type MovieOccupancyRow = Static<typeof MovieOccupancyRow>;

/** GET /sales/occupancy: the shows of the period that sold, and their movies, most occupied first. */
export const SalesOccupancy = Type.Object(
  { shows: Type.Array(ShowOccupancyRow), movies: Type.Array(MovieOccupancyRow) },
  { additionalProperties: false },
);
export type SalesOccupancy = Static<typeof SalesOccupancy>;

/** GET /sales/ticket-types/movies: a movie's sales of the period by ticket type (issue 37). */
export const MovieTicketTypeSales = Type.Object(
  {
    movieId: Type.String(),
    title: Type.String(),
    types: Type.Array(TicketTypeSalesRow),
  },
  { additionalProperties: false },
);
export type MovieTicketTypeSales = Static<typeof MovieTicketTypeSales>;

/** GET /sales/discounts query (admin; a manager sees their cinemas' promotions only): paid days of the period, both included. */
export const DiscountsQuery = Type.Object(
  {
    from: Type.Optional(DayText),
    to: Type.Optional(DayText),
  },
  { additionalProperties: false },
);
export type DiscountsQuery = Static<typeof DiscountsQuery>;

/**
 * GET /sales/discounts (issue 39): the period's discounts by code (orders paid with it less those
 * refunded whole, and what it took off less what refunds gave back), and the gift cards' money: sold
 * (and issued) in the period, redeemed in it (spent less given back), and outstanding at its end (what
 * the chain still owes on every card: sold and issued less redeemed and voided).
 */
export const DiscountsReport = Type.Object(
  {
    promotions: Type.Array(
      Type.Object({ code: Type.String(), uses: Type.Integer({ minimum: 0 }), amount: Cents('Taken off') }, { additionalProperties: false }),
    ),
    giftCards: Type.Object(
      {
        sold: Cents('Value of the cards sold and issued in the period'),
        redeemed: Cents('Spent on orders in the period, less what refunds returned to cards'),
        outstanding: Cents("Every card's balance at the period's end"),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type DiscountsReport = Static<typeof DiscountsReport>;
