/**
 * The HTTP API's shared shapes. Each view, answer or request body is one TypeBox schema:
 * the services validate, serialise and document it with the schema, and its TypeScript
 * type (`Static<>`) is what services and web apps use (web apps import the types only,
 * so TypeBox stays out of their bundles).
 */
import { Type, type Static } from '@sinclair/typebox';
import { CHECKIN_RESULTS, PAYMENT_RECEIVED, ROLES, SHOW_TYPES, weekdays } from './api';
import { CinemaPlace, CinemaRef } from './cinemas';
import { OFFLINE_UPLOAD_MAX_SCANS } from './offline-upload';
import { GIFT_CARD_CODE_TYPED_PATTERN } from './gift-card-rules';
import { PaymentPart } from './gift-cards';
import { CartPromo, OrderPromo, PricedLine, ShowPrice } from './priced-lines';
import { Cents, ObjectIdText, OrderRefundState, RefundOrigin } from './primitives';
import { PresaleAdmission } from './presales';

/** `staff` ('Personal') checks tickets in at the door and nothing else of the back office. */
export const Role = Type.Union(ROLES.map((role) => Type.Literal(role)));
export type Role = Static<typeof Role>;

export const UserView = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Role,
  cinemaIds: Type.Optional(Type.Array(Type.String(), { description: 'Manager and staff: the cinemas they work at (issue 38)' })),
});
export type UserView = Static<typeof UserView>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** What every service answers for a 4xx/5xx: `error` is a message a person can read (Spanish). */
export const ApiErrorBody = Type.Object({ statusCode: Type.Integer(), error: Type.String() });
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** POST /auth/login: the bearer token and its account. */
export const LoginResponse = Type.Object({ token: Type.String(), user: UserView });
export type LoginResponse = Static<typeof LoginResponse>;

/** GET /auth/verifyrole: the caller's role and user id. */
export const VerifyRoleResponse = Type.Object({ role: Role, id: Type.String() });
export type VerifyRoleResponse = Static<typeof VerifyRoleResponse>;

/** GET /auth/acceder: whether the caller may enter the admin panel. */
export const AccessResponse = Type.Object({ permitir: Type.Boolean() });
export type AccessResponse = Static<typeof AccessResponse>;

/** A movie as the catalog API shows it: the spec's field names, plus the release as text and as a date. */
export const MovieView = Type.Object({
  id: Type.String(),
  Title: Type.String(),
  /** Image URL. */
  Poster: Type.String(),
  Rated: Type.String(),
  Plot: Type.String(),
  /** e.g. 'Animación, Aventura'. */
  Genre: Type.String({ description: 'Comma-separated, at most four' }),
  Actors: Type.String(),
  Director: Type.String(),
  Runtime: Type.Integer({ description: 'Minutes' }),
  Language: Type.String(),
  Release: Type.String({ description: 'ISO date-time of 00:00 UTC of the release day' }),
  ReleaseText: Type.String({ description: "'day Mon year', e.g. '12 Mar 2026'" }),
  /** What the editing form's date input takes. */
  ReleaseDate: Type.String({ description: 'yyyy-mm-dd' }),
  Trailer: Type.String({ description: 'YouTube embed link' }),
  /** Clients compare it trimmed, as the spec's filter does. */
  Type: Type.String({ description: '2D or 3D' }),
  /** Only in the admin's list of archived movies (GET /movies/archived). */
  Archived: Type.Optional(Type.Boolean({ description: 'Archived: hidden from the public site, kept for the reports' })),
});
export type MovieView = Static<typeof MovieView>;

/** A comment on a movie, with its author's current username ('Usuario' once the account is deleted). */
export const CommentView = Type.Object({
  id: Type.String(),
  Text: Type.String(),
  userId: Type.String(),
  movieId: Type.String(),
  user: Type.Object({ username: Type.String() }),
  createdAt: Type.String(),
});
export type CommentView = Static<typeof CommentView>;

/** A comment in the admin's and a user's lists: which movie it is about. */
export const CommentWithMovie = Type.Composite([
  CommentView,
  Type.Object({ movie: Type.Object({ id: Type.String(), Title: Type.String() }) }),
]);
export type CommentWithMovie = Static<typeof CommentWithMovie>;

/** Feedback a user left about the site, with its author (the admin's list). */
export const FeedbackView = Type.Object({
  id: Type.String(),
  Text: Type.String(),
  userId: Type.String(),
  user: Type.Object({ username: Type.String() }),
  createdAt: Type.String(),
});
export type FeedbackView = Static<typeof FeedbackView>;

/** GET /movies/search/{id}: the movie with its comments. */
export const MovieDetail = Type.Composite([MovieView, Type.Object({ comments: Type.Array(CommentView) })]);
export type MovieDetail = Static<typeof MovieDetail>;

/** Show formats, as the spec's type selector offers them. */
export const ShowType = Type.Union(SHOW_TYPES.map((type) => Type.Literal(type)));
export type ShowType = Static<typeof ShowType>;

export const Weekday = Type.Union(weekdays.map((day) => Type.Literal(day)));
export type Weekday = Static<typeof Weekday>;

/** A show (función) as the booking API answers it: the spec's fields plus its concrete date and price. */
export const ShowView = Type.Object({
  id: Type.String(),
  schedule: Type.String({ description: "Start 'HH:MM', cinema's local time" }),
  /** The Spanish weekday of `date`. */
  day: Weekday,
  date: Type.String({ description: "'yyyy-mm-dd', cinema's local date" }),
  startsAt: Type.String({ description: 'ISO instant' }),
  movieId: Type.String(),
  // Issue 38: the show's cinema.
  cinemaId: Type.String({ description: "The show's cinema (its room's)" }),
  cinema: CinemaRef,
  roomId: Type.Integer({ minimum: 1, description: 'Unique across the chain' }),
  type: ShowType,
  price: Cents('The lowest General price with the format surcharge ("desde"); the types on sale are in `prices`'),
  priceCard: Type.Object({ id: Type.String(), name: Type.String() }, { description: 'The price card the show sells at' }),
  prices: Type.Array(ShowPrice, { description: 'The ticket types on sale, each with its price (a seat category may add to it)' }),
  seats: Type.Integer({ description: 'Seats still available (neither sold nor held)' }),
  /** All seats of the room. */
  capacity: Type.Integer(),
  movie: Type.Object({ Title: Type.String() }),
});
export type ShowView = Static<typeof ShowView>;

/** A room's seats (`SeatLayout` rules in seat-map.ts): rows A.. from the screen, shorter rows centred. */
export const SeatLayout = Type.Object({
  rows: Type.Array(Type.Integer({ minimum: 1, maximum: 99 }), { maxItems: 26, description: 'Seats of each row, front (A) first' }),
  aisles: Type.Array(Type.Integer({ minimum: 1, maximum: 98 }), {
    maxItems: 98,
    description: 'An aisle after each of these columns (counted across the widest row)',
  }),
  wheelchair: Type.Array(Type.String(), { description: "Wheelchair spaces by label, e.g. ['A1']" }),
  categories: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.Literal('premium'), Type.Literal('wheelchair'), Type.Literal('companion')]), {
      description: "The category of every seat that isn't standard, by label (pricing.ts SEAT_CATEGORIES)",
    }),
  ),
  companions: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'Each companion seat and the wheelchair space it is sold with, by label' }),
  ),
});
export type SeatLayout = Static<typeof SeatLayout>;

/** POST /cinemas/{id}/rooms (admin, or a manager of the cinema): a room's name (unique in its cinema) and seats. */
export const RoomForm = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 40 }), layout: SeatLayout },
  { additionalProperties: false },
);
export type RoomForm = Static<typeof RoomForm>;

/** PUT /cinemas/{id}/rooms/{roomId}: the fields sent change. A room with shows on sale never loses a sold seat (409). */
export const RoomChanges = Type.Partial(RoomForm, { additionalProperties: false, minProperties: 1 });
export type RoomChanges = Static<typeof RoomChanges>;

/** A room as its POST and PUT answer it: with its id (unique across the chain), cinema and layout. */
export const RoomView = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  cinemaId: Type.String(),
  name: Type.String(),
  capacity: Type.Integer(),
  layout: SeatLayout,
});
export type RoomView = Static<typeof RoomView>;

/** A taken seat's state, as booking stores it: held (until a time) or sold. A seat not taken is free. */
export const TakenSeatState = Type.Union([Type.Literal('held'), Type.Literal('sold')]);
export type TakenSeatState = Static<typeof TakenSeatState>;

/** A seat's state as the seat map shows it: free, or taken (by whom is not said). */
export const SeatState = Type.Union([Type.Literal('free'), ...TakenSeatState.anyOf]);
export type SeatState = Static<typeof SeatState>;

/**
 * GET /show/:id/seats, and the seat stream's `snapshot` event: the room and its taken seats at
 * the show's `version` (every seat change raises it by one).
 */
export const SeatMapView = Type.Object({
  showId: Type.String(),
  roomId: Type.Integer(),
  version: Type.Integer({ description: "The show's version: each seat change raises it by one" }),
  layout: SeatLayout,
  taken: Type.Record(Type.String(), TakenSeatState, {
    description: 'Seats held or sold now, by label; every other seat of the layout is free',
  }),
  categorySurcharges: Type.Optional(
    Type.Record(Type.String(), Cents(), { description: "Added to a ticket's price on a seat of each category, e.g. {premium: 300}" }),
  ),
});
export type SeatMapView = Static<typeof SeatMapView>;

/**
 * The seat stream's `seats` event: the new state of the seats that changed between version `from` and
 * `version` (equal when holds lapsed: time frees seats without a write). A client that is not at `from`
 * missed a change and starts again from a snapshot.
 */
export const SeatMapDelta = Type.Object({
  from: Type.Integer(),
  version: Type.Integer(),
  seats: Type.Record(Type.String(), SeatState),
  at: Type.Optional(Type.Integer({ description: 'When the change was written (ms since the epoch), for a change announced by a write' })),
});
export type SeatMapDelta = Static<typeof SeatMapDelta>;

/** GET /show/occupancy (admin): each upcoming show's seats by state, and how many of the sold ones came in. */
export const ShowOccupancy = Type.Object({
  showId: Type.String(),
  capacity: Type.Integer(),
  sold: Type.Integer(),
  held: Type.Integer(),
  free: Type.Integer(),
  admitted: Type.Integer({ description: 'Tickets of the show checked in at the door (at most sold)' }),
});
export type ShowOccupancy = Static<typeof ShowOccupancy>;

/** A candy item: `price` in cents (two implied decimals), `quantity` the stock. */
export const CandyView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  price: Cents('The price (1250 is US$ 12.50)'),
  picture: Type.String({ description: 'Image URL or site path' }),
  quantity: Type.Integer({ description: 'Stock' }),
});
export type CandyView = Static<typeof CandyView>;

/** Seats a user holds for one show, as a cart line. */
export const CartTicketLine = Type.Object({
  showId: Type.String(),
  seats: Type.Integer({ description: 'Seats held' }),
  seatLabels: Type.Array(Type.String(), { description: "e.g. ['F7', 'F8']" }),
  unitPrice: Cents('Price per seat'),
  totalPrice: Cents('unitPrice × seats'),
  movieId: Type.String(),
  title: Type.String(),
  date: Type.String({ description: "'yyyy-mm-dd', cinema's local date" }),
  day: Weekday,
  schedule: Type.String({ description: "'HH:MM', cinema's local time" }),
  roomId: Type.Integer(),
  type: ShowType,
  heldUntil: Type.String({ description: 'ISO instant when the hold lapses' }),
  lines: Type.Array(PricedLine, {
    description: 'Each seat priced: its type, category, base and surcharges; their totals sum to totalPrice',
  }),
});
export type CartTicketLine = Static<typeof CartTicketLine>;

export const CartCandyLine = Type.Object({
  id: Type.String({ description: 'The candy item id' }),
  name: Type.String(),
  picture: Type.String(),
  quantity: Type.Integer(),
  unitPrice: Cents('Price per unit'),
  totalPrice: Cents('unitPrice × quantity'),
  /** Issue 41: what a Cine Club tier's candy discount takes off the line (absent: nothing); the order price is net of it. */
  discount: Type.Optional(Cents("The tier's candy discount")),
});
export type CartCandyLine = Static<typeof CartCandyLine>;

/** POST /cart/userCart: the server-computed cart. */
export const CartView = Type.Object({
  /** The cinema of the cart's tickets (a cart holds one cinema's at a time); absent without tickets. */
  cinema: Type.Optional(CinemaPlace),
  tickets: Type.Array(CartTicketLine),
  candy: Type.Array(CartCandyLine),
  /** Issue 39: the code applied to the cart (POST /cart/promo), with what it takes off; each ticket line says its `discount`. */
  promo: Type.Optional(CartPromo),
  orderPrice: Cents('Every ticket line plus every candy line, less the promo code discount'),
});
export type CartView = Static<typeof CartView>;

/** One refund of a paid order: the seats and candy lines it gave back. */
export const OrderRefundView = Type.Object({
  id: Type.String(),
  seatLabels: Type.Array(Type.String()),
  lines: Type.Optional(Type.Array(PricedLine, { description: "The refunded seats' lines as the order priced them" })),
  candy: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), quantity: Type.Integer(), totalPrice: Cents('Refunded') })),
  amount: Cents('Returned to the card'),
  /** Issue 39: where it went back to (the gift card's part, the bank card's part); absent before gift cards. */
  payments: Type.Optional(Type.Array(PaymentPart)),
  by: RefundOrigin,
  refundedAt: Type.String({ description: 'ISO instant' }),
});
export type OrderRefundView = Static<typeof OrderRefundView>;

/**
 * What refunding the order can still give back, as the server's refund rule decides it
 * (booking's refund-rules.ts): each seat and candy line with the amount it returns, or why
 * it cannot be refunded any more; `amount` is what refunding everything refundable returns.
 */
export const OrderRefundable = Type.Object({
  seats: Type.Array(
    Type.Object({
      seatLabel: Type.String(),
      amount: Cents('Returned when this seat is refunded'),
      refundable: Type.Boolean(),
      reason: Type.Optional(
        Type.Union([Type.Literal('refunded'), Type.Literal('checked_in')], {
          description: "Why not: 'refunded' before, or 'checked_in' (its ticket was used at the door)",
        }),
      ),
    }),
  ),
  candy: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The candy item id of the line' }),
      amount: Cents('Returned when this line is refunded'),
      refundable: Type.Boolean(),
      reason: Type.Optional(Type.Literal('refunded')),
    }),
  ),
  amount: Cents('Returned when everything still refundable is refunded'),
});
export type OrderRefundable = Static<typeof OrderRefundable>;

/** A paid order, as the ticket history (POST /cart/tickets) lists it. */
export const OrderView = Type.Object({
  id: Type.String(),
  code: Type.String({ description: 'Short code a person can read aloud: 8 characters of TICKET_CODE_ALPHABET' }),
  movieId: Type.String(),
  title: Type.String(),
  showId: Type.String(),
  // Issue 38: the show's cinema, its name and address (an order made before the chain: the first cinema).
  cinema: CinemaPlace,
  date: Type.String(),
  day: Weekday,
  schedule: Type.String(),
  roomId: Type.Integer(),
  type: ShowType,
  seats: Type.Integer(),
  seatLabels: Type.Array(Type.String()),
  lines: Type.Array(PricedLine, { description: 'Each ticket as priced when the order was made; their totals sum to ticketTotal' }),
  ticketTotal: Cents('Tickets'),
  candy: Type.Array(CartCandyLine),
  total: Cents('Tickets and candy, less the discount: what was paid'),
  /** Issue 39: what the promo code took off (0 without one), the code, and how the total was paid. */
  discount: Cents('Taken off by the promo code'),
  promo: Type.Optional(OrderPromo),
  payments: Type.Array(PaymentPart, {
    description: "The total's parts: a gift card's and the bank card's (only the card's before gift cards)",
  }),
  paidAt: Type.String({ description: 'ISO instant' }),
  state: OrderRefundState,
  refundedAmount: Cents('Returned to the card so far'),
  refunds: Type.Array(OrderRefundView, { description: 'Oldest first' }),
  cancellableUntil: Type.String({
    description: 'ISO instant until which the buyer may cancel (the show start less CANCELLATION_WINDOW_MINUTES)',
  }),
  refundable: OrderRefundable,
});
export type OrderView = Static<typeof OrderView>;

/** POST /orders/{id}/refund body (admin): nothing chosen refunds every seat and candy line still paid. */
export const RefundRequest = Type.Object(
  {
    seatLabels: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 8 }), { maxItems: 1000, description: 'Seats of the order to refund' }),
    ),
    candyIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100, description: 'Candy lines of the order to refund, whole' }),
    ),
    reason: Type.String({ minLength: 1, maxLength: 500, description: 'Why (kept with the refund, told in the mail)' }),
  },
  { additionalProperties: false },
);
export type RefundRequest = Static<typeof RefundRequest>;

/** 200 answer of the cancellation and refund endpoints: the order as it is now. */
export const RefundResponse = Type.Object({ message: Type.String(), order: OrderView });
export type RefundResponse = Static<typeof RefundResponse>;

/** POST /movies/checkout body. `ticket` is the seat count and `show` the show id the client believes it pays. */
export const CheckoutRequest = Type.Object(
  {
    ticket: Type.Integer({ minimum: 1, maximum: 1000, description: 'Seat count the client believes it pays' }),
    show: Type.String({ minLength: 1, maxLength: 100, description: 'Show id' }),
    idUser: Type.String({ minLength: 1, maxLength: 100 }),
    paymentMethodId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          "Stripe PaymentMethod id (offline: Stripe's test ids, e.g. pm_card_visa); may be left out when the gift card covers the order",
      }),
    ),
    giftCardCode: Type.Optional(
      Type.String({
        pattern: GIFT_CARD_CODE_TYPED_PATTERN,
        description: 'Issue 39: a gift card paying what it can, the rest by the bank card',
      }),
    ),
    admission: Type.Optional(PresaleAdmission),
    points: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'Issue 41: Cine Club points to spend on this order' }),
    ),
    usePass: Type.Optional(Type.Boolean({ description: "Issue 41: the Cine Pase covers one ticket's General base" })),
  },
  { additionalProperties: false },
);
export type CheckoutRequest = Static<typeof CheckoutRequest>;

/** 200 answer of POST /movies/checkout; a decline is a 402 ApiErrorBody carrying the provider's reason. */
export const CheckoutResponse = Type.Object({ message: Type.Literal(PAYMENT_RECEIVED), order: OrderView });
export type CheckoutResponse = Static<typeof CheckoutResponse>;

/** A ticket's state: `used` once checked in at the door, `refunded` once its order is refunded. */
export const TicketState = Type.Union([Type.Literal('valid'), Type.Literal('used'), Type.Literal('refunded')]);
export type TicketState = Static<typeof TicketState>;

/** The show a ticket is for, as tickets and check-in answers describe it. */
export const TicketShow = Type.Object({
  showId: Type.String(),
  movieId: Type.String(),
  title: Type.String(),
  startsAt: Type.String({ description: 'ISO instant' }),
  endsAt: Type.String({ description: 'ISO instant: start plus the runtime' }),
  date: Type.String({ description: "'yyyy-mm-dd', cinema's local date" }),
  day: Weekday,
  schedule: Type.String({ description: "'HH:MM', cinema's local time" }),
  roomId: Type.Integer(),
  type: ShowType,
  // Issue 38: the show's cinema, its name and address.
  cinema: CinemaPlace,
});
export type TicketShow = Static<typeof TicketShow>;

/** A ticket's type as the order priced it (absent on tickets sold before ticket types: General). */
const TicketTypeFacts = Type.Object({
  ticketType: Type.Optional(Type.String({ description: "The type's code, e.g. 'menor'" })),
  ticketTypeName: Type.Optional(Type.String({ description: "e.g. 'Menor (hasta 12 años)'" })),
  requiresId: Type.Optional(Type.Boolean({ description: 'The door asks for an ID ("Verificar DNI")' })),
});

/** One seat's ticket of a paid order, as GET /tickets/mine lists it. */
export const TicketView = Type.Composite([
  TicketShow,
  Type.Object({
    id: Type.String(),
    code: Type.String({ description: 'Short code a person can type at the door: 8 characters of TICKET_CODE_ALPHABET' }),
    token: Type.String({ description: "The QR's content: a compact JWS (EdDSA) whose claims are TicketTokenClaims" }),
    orderId: Type.String(),
    seatLabel: Type.String({ description: "e.g. 'F7'" }),
    state: TicketState,
    checkedInAt: Type.Optional(Type.String({ description: 'ISO instant it was admitted' })),
    entrance: Type.Optional(Type.String({ description: 'Where it was admitted' })),
    line: Type.Optional(PricedLine),
  }),
  TicketTypeFacts,
]);
export type TicketView = Static<typeof TicketView>;

/** A public key of GET /tickets/keys (an Ed25519 JWK). */
export const TicketKey = Type.Object({
  kty: Type.Literal('OKP'),
  crv: Type.Literal('Ed25519'),
  x: Type.String({ description: 'The public key, base64url' }),
  kid: Type.String({ description: "Matches the token header's kid" }),
  alg: Type.Literal('EdDSA'),
  use: Type.Literal('sig'),
});
export type TicketKey = Static<typeof TicketKey>;

/** GET /tickets/keys: the keys that sign tickets, as a JWKS (public, cacheable). */
export const TicketKeySet = Type.Object({ keys: Type.Array(TicketKey) });
export type TicketKeySet = Static<typeof TicketKeySet>;

const Entrance = Type.String({ minLength: 1, maxLength: 60, description: "The door or scanner, e.g. 'Puerta 1'" });

/**
 * POST /checkin: the scanned QR's content, or a typed code, always with the show the door is checking
 * (`showId`): a ticket of another show is `wrong_show`.
 */
export const CheckinRequest = Type.Union([
  Type.Object(
    {
      token: Type.String({ minLength: 1, maxLength: 2000 }),
      showId: Type.String({ minLength: 1, maxLength: 100 }),
      entrance: Type.Optional(Entrance),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      code: Type.String({ minLength: 1, maxLength: 20, description: 'The ticket code (case, spaces and dashes ignored)' }),
      showId: Type.String({ minLength: 1, maxLength: 100 }),
      entrance: Type.Optional(Entrance),
    },
    { additionalProperties: false },
  ),
]);
export type CheckinRequest = Static<typeof CheckinRequest>;

/** 200 admitted; 409 already_used, wrong_show, refunded, show_over, too_early (outside the show's door window); 400 invalid (unknown, forged, altered, malformed, a cancelled show). */
export const CheckinResult = Type.Union(CHECKIN_RESULTS.map((result) => Type.Literal(result)));
export type CheckinResult = Static<typeof CheckinResult>;

/** The ticket a check-in is about, when it is known. */
export const CheckinTicket = Type.Composite([
  TicketShow,
  Type.Object({ code: Type.String(), seatLabel: Type.String(), state: TicketState }),
  TicketTypeFacts,
]);
export type CheckinTicket = Static<typeof CheckinTicket>;

/** POST /checkin's answer, whatever the status. `usedAt`/`entrance`: when and where it was admitted (admitted and already_used). */
export const CheckinAnswer = Type.Object({
  result: CheckinResult,
  message: Type.String({ description: 'Spanish, for the door' }),
  ticket: Type.Optional(CheckinTicket),
  usedAt: Type.Optional(Type.String({ description: 'ISO instant' })),
  entrance: Type.Optional(Type.String()),
});
export type CheckinAnswer = Static<typeof CheckinAnswer>;

/** A ticket of the show the door opened: enough to check a signed token's `jti` (the code) offline. */
export const DoorTicket = Type.Composite([
  Type.Object({
    code: Type.String({ description: "Also the signed token's jti" }),
    seatLabel: Type.String(),
    state: TicketState,
    checkedInAt: Type.Optional(Type.String()),
    entrance: Type.Optional(Type.String()),
  }),
  TicketTypeFacts,
]);
export type DoorTicket = Static<typeof DoorTicket>;

/** When the show's door admits tickets: from DOOR_OPENS_MINUTES_BEFORE before the start to DOOR_CLOSES_MINUTES_AFTER_END after the end. */
export const DoorWindow = Type.Object({
  opensAt: Type.String({ description: 'ISO instant' }),
  closesAt: Type.String({ description: 'ISO instant' }),
});
export type DoorWindow = Static<typeof DoorWindow>;

/** GET /checkin/shows/:showId (staff, admin): the show and its tickets as they are now, for an offline door. */
export const DoorShowView = Type.Object({
  show: TicketShow,
  window: DoorWindow,
  tickets: Type.Array(DoorTicket),
  readAt: Type.String({ description: 'ISO instant of this read' }),
});
export type DoorShowView = Static<typeof DoorShowView>;

/** One check-in a door recorded without network. `clientScanId` makes the upload idempotent. */
export const OfflineScan = Type.Union([
  Type.Object(
    {
      clientScanId: Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Unique per scan (a UUID): a replayed upload answers the same',
      }),
      token: Type.String({ minLength: 1, maxLength: 2000 }),
      showId: Type.String({ minLength: 1, maxLength: 100, description: 'The show the door was checking' }),
      scannedAt: Type.String({ format: 'date-time' }),
      entrance: Type.Optional(Entrance),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      clientScanId: Type.String({ minLength: 1, maxLength: 64 }),
      code: Type.String({ minLength: 1, maxLength: 20 }),
      showId: Type.String({ minLength: 1, maxLength: 100 }),
      scannedAt: Type.String({ format: 'date-time' }),
      entrance: Type.Optional(Entrance),
    },
    { additionalProperties: false },
  ),
]);
export type OfflineScan = Static<typeof OfflineScan>;

/** POST /checkin/offline body: the door's recorded scans, oldest first (a door sends at most OFFLINE_UPLOAD_MAX_BYTES a batch). */
export const OfflineCheckinUpload = Type.Object(
  { scans: Type.Array(OfflineScan, { minItems: 1, maxItems: OFFLINE_UPLOAD_MAX_SCANS }) },
  { additionalProperties: false },
);
export type OfflineCheckinUpload = Static<typeof OfflineCheckinUpload>;

/**
 * One scan's outcome: `admitted` (at `scannedAt`), or why not. `conflict`: the door let the person in
 * offline but the ticket had already been admitted (elsewhere, or by an earlier scan), or the scan's
 * `clientScanId` was already used by another entrance: reported, not accepted.
 */
export const OfflineScanResult = Type.Composite([CheckinAnswer, Type.Object({ clientScanId: Type.String(), conflict: Type.Boolean() })]);
export type OfflineScanResult = Static<typeof OfflineScanResult>;

/** POST /checkin/offline answer (200): one result per scan, in the upload's order. */
export const OfflineCheckinAnswer = Type.Object({ results: Type.Array(OfflineScanResult) });
export type OfflineCheckinAnswer = Static<typeof OfflineCheckinAnswer>;

/**
 * POST /show/bulk (admin): a movie in a room at `times` on every date from `from` to `to` (cinema days,
 * 'yyyy-mm-dd') that falls on one of `weekdays`. `dryRun` answers the plan only; otherwise the shows
 * are created, and a clash with a show of the room is skipped (`onClash: 'skip'`) or refuses them all.
 */
export const BulkShowsRequest = Type.Object(
  {
    movieId: Type.String({ ...ObjectIdText, description: "The movie's id" }),
    cinemaId: Type.Optional(ObjectIdText),
    roomId: Type.Integer({ minimum: 1 }),
    type: ShowType,
    price: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description: 'One price for every seat, in cents (a "Precio único" show); left out, each show gets its price card',
      }),
    ),
    priceCardId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'The price card of every show; left out, each show gets the card its day, time and format match',
      }),
    ),
    times: Type.Array(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: "'HH:MM'" }), {
      minItems: 1,
      maxItems: 24,
      uniqueItems: true,
    }),
    from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "First day, 'yyyy-mm-dd' (today or later)" }),
    to: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "Last day, 'yyyy-mm-dd'" }),
    weekdays: Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true }),
    dryRun: Type.Boolean({ description: 'true: answer the plan and its clashes, create nothing' }),
    onClash: Type.Union([Type.Literal('skip'), Type.Literal('refuse')], {
      description: "'skip' the clashing shows, or 'refuse' to create any",
    }),
  },
  { additionalProperties: false },
);
export type BulkShowsRequest = Static<typeof BulkShowsRequest>;

/** One show of a bulk plan. */
export const BulkShowSlot = Type.Object({ date: Type.String(), day: Weekday, schedule: Type.String() });
export type BulkShowSlot = Static<typeof BulkShowSlot>;

/** A planned show the room cannot take: the create's overlap message. */
export const BulkShowClash = Type.Composite([BulkShowSlot, Type.Object({ message: Type.String() })]);
export type BulkShowClash = Static<typeof BulkShowClash>;

/** POST /show/bulk's answer: the shows planned without a clash, the clashes, and the shows created (none on a dry run). */
export const BulkShowsResult = Type.Object({
  planned: Type.Array(BulkShowSlot),
  clashes: Type.Array(BulkShowClash),
  created: Type.Array(ShowView),
});
export type BulkShowsResult = Static<typeof BulkShowsResult>;

/**
 * A show's cancellation (POST /show/one/:id/cancel answers it with 202, GET the same path reads it): its
 * paid orders are refunded by a background job that survives a restart; `refunded` of `total` so far.
 */
export const ShowCancellationView = Type.Object({
  jobId: Type.String({ description: "The job's id (the show's: one cancellation per show; the same request again retries it)" }),
  showId: Type.String(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done')]),
  total: Type.Integer({ minimum: 0, description: 'Paid orders of the show' }),
  refunded: Type.Integer({ minimum: 0, description: 'Of them, refunded whole' }),
  failed: Type.Array(Type.String(), { description: 'Orders not refunded yet (done: cancel again to retry them)' }),
  reason: Type.String(),
  message: Type.String({ description: 'The state in Spanish, for the back office' }),
  requestedAt: Type.String(),
  finishedAt: Type.Optional(Type.String()),
});
export type ShowCancellationView = Static<typeof ShowCancellationView>;

/**
 * 409 of a delete: when it would lose a sale (a movie, show or user with paid tickets of shows not yet
 * started), the error with the counts of paid orders and their tickets.
 */
export const SoldTicketsConflict = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  orders: Type.Optional(Type.Integer({ minimum: 0, description: 'Paid orders of shows not yet started' })),
  tickets: Type.Optional(Type.Integer({ minimum: 0, description: 'Their tickets not refunded' })),
});
export type SoldTicketsConflict = Static<typeof SoldTicketsConflict>;
