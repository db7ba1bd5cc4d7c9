/**
 * The back office's orders (booking, GET /orders and GET /orders/{id}): the
 * search's query and page, and the order page. The page shape
 * `{ items, total, page, pageSize }` is the one every paged list answers.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cents, ObjectIdText, OrderRefundState, RefundOrigin } from './primitives';
import { OrderView, ShowType } from './views';

const DayText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD', the cinema's day" });

/**
 * CANCELLATION_WINDOW_MINUTES' default: a buyer may cancel a purchase until this long before its show.
 * Booking applies it; the gateway reads the same variable to tell the web apps (/config.js).
 */
export const DEFAULT_CANCELLATION_WINDOW_MINUTES = 120;

/** Most rows one page of the order search answers. */
export const MAX_ORDERS_PAGE_SIZE = 100;

/** GET /orders (admin): paid orders whose id or code is `q`, with a ticket of code `q`, or whose buyer's e-mail or name contains it. */
export const OrderSearchQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          "An order id (24 hex digits), an order's or a ticket's code (8 characters), or part of the buyer's e-mail or name (ignoring case and accents)",
      }),
    ),
    movieId: Type.Optional(ObjectIdText),
    cinemaId: Type.Optional(ObjectIdText),
    from: Type.Optional(Type.String({ ...DayText, description: "Paid from this cinema day ('YYYY-MM-DD')" })),
    to: Type.Optional(Type.String({ ...DayText, description: "Paid until this cinema day, included ('YYYY-MM-DD')" })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: MAX_ORDERS_PAGE_SIZE, default: 20 }),
  },
  { additionalProperties: false },
);
export type OrderSearchQuery = Static<typeof OrderSearchQuery>;

/** The buyer as booking last heard of them (user.registered / user.updated); null for a deleted or never announced user. */
export const OrderBuyer = Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]);
export type OrderBuyer = Static<typeof OrderBuyer>;

/** One row of the order search, newest paid first. */
export const OrderSearchRow = Type.Object({
  id: Type.String(),
  code: Type.String({ description: "The order's short code" }),
  userId: Type.String(),
  buyer: OrderBuyer,
  movieId: Type.String(),
  title: Type.String(),
  date: DayText,
  schedule: Type.String(),
  roomId: Type.Integer(),
  type: ShowType,
  seats: Type.Integer({ minimum: 0 }),
  total: Cents('Tickets and candy'),
  refundedAmount: Cents('Returned to the card so far'),
  state: OrderRefundState,
  paidAt: Type.String({ description: 'ISO instant' }),
});
export type OrderSearchRow = Static<typeof OrderSearchRow>;

export const OrderSearchPage = Type.Object({
  items: Type.Array(OrderSearchRow),
  total: Type.Integer({ minimum: 0, description: 'Orders matching, over every page' }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type OrderSearchPage = Static<typeof OrderSearchPage>;

export const ORDER_HISTORY_KINDS = ['held', 'paid', 'refunded', 'checked_in'] as const;

/** One step of the order's life, with its time. */
export const OrderHistoryEntry = Type.Object({
  kind: Type.Union(
    ORDER_HISTORY_KINDS.map((kind) => Type.Literal(kind)),
    {
      description:
        "'held': the checkout began with the seats held; 'paid'; 'refunded' (one per refund); 'checked_in' (one per ticket admitted)",
    },
  ),
  at: Type.String({ description: 'ISO instant' }),
  seatLabels: Type.Array(Type.String()),
  amount: Type.Optional(Cents('Charged or refunded')),
  reason: Type.Optional(Type.String({ description: "A refund's reason" })),
  by: Type.Optional(RefundOrigin),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

/** GET /orders/{id}: the order page (its buyer or an admin), the order as the history lists it and more. */
export const OrderDetail = Type.Composite([
  OrderView,
  Type.Object({
    userId: Type.String(),
    buyer: OrderBuyer,
    paymentId: Type.String({ description: "The payment provider's id of the charge" }),
    refunding: Type.Boolean({ description: 'A refund of it is under way' }),
    history: Type.Array(OrderHistoryEntry, { description: 'Oldest first' }),
  }),
]);
export type OrderDetail = Static<typeof OrderDetail>;
