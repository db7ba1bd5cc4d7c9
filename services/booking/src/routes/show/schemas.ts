import { Type } from '@sinclair/typebox';
import {
  BulkShowsRequest,
  BulkShowsResult,
  dayFilter,
  listAnswer,
  listQuery,
  MessageResponse,
  SeatMapView,
  SHOW_SORTS,
  ShowCancellationView,
  ShowOccupancy,
  ShowType,
  ShowView,
  SoldTicketsConflict,
} from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['shows'];

export const allShows = {
  tags,
  summary:
    'Shows not yet started, soonest first; of one movie with movieId, of one cinema with cinemaId (unknown: 404), of a room, a format, between two cinema days; with `page`, one page of them and their total',
  querystring: listQuery(SHOW_SORTS, {
    movieId: Type.Optional(ObjectIdText),
    cinemaId: Type.Optional(ObjectIdText),
    roomId: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999 })),
    type: Type.Optional(ShowType),
    from: Type.Optional(dayFilter("First cinema day, 'yyyy-mm-dd'")),
    to: Type.Optional(dayFilter("Last cinema day, 'yyyy-mm-dd'")),
  }),
  response: { 200: listAnswer(ShowView), ...errors(400, 404) },
};

export const showsOnDate = {
  tags,
  summary:
    "Every show of a cinema day, of every movie, by start (the 'Cartelera por día'): those already started and those sold out too (seats 0); of one cinema with cinemaId (unknown: 404)",
  querystring: Type.Object(
    {
      date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'yyyy-mm-dd', the cinema's day" }),
      cinemaId: Type.Optional(ObjectIdText),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(ShowView), ...errors(400, 404) },
};

export const oneShow = {
  tags,
  summary: 'One show by id',
  params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
  response: { 200: ShowView, ...errors(400, 404) },
};

export const seatMap = {
  tags,
  summary: "A show's seat map: its room's layout and the seats held or sold now, at the show's version",
  params: Type.Object({ id: ObjectIdText }),
  response: { 200: SeatMapView, ...errors(400, 404) },
};

export const seatMapStream = {
  tags,
  summary:
    "The live seat map (server-sent events, with Accept: text/event-stream): 'snapshot' (a SeatMapView), then 'seats' deltas " +
    "{from, version, seats: {label: 'free'|'held'|'sold'}} as seats are held, sold, released or lapse, each with id = the show's version; " +
    'a reconnection sending Last-Event-ID gets what changed since. Without that Accept header it answers the snapshot as JSON. ' +
    '429 past MAX_SEAT_STREAMS_PER_ADDRESS open streams from one client. No query string (400): each would be a URL of its own. ' +
    'HEAD answers the head of the JSON snapshot, never a stream',
  params: Type.Object({ id: ObjectIdText }),
  querystring: Type.Object({}, { additionalProperties: false }),
  headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 20 })) }),
  response: { 200: SeatMapView, ...errors(400, 404, 429) },
};

export const occupancy = {
  tags,
  security: bearerAuth,
  summary: "Each upcoming show's seats sold, held and free (admin: every cinema's; a manager: their cinemas')",
  response: { 200: Type.Array(ShowOccupancy), ...errors(401, 403) },
};

export const showsOfDay = {
  tags,
  summary:
    "A movie's shows on a day not yet started, by schedule, of one cinema with `cinemaId` (unknown: 404). day: 'yyyy-mm-dd', or a weekday name (Lunes … Domingo) " +
    "meaning the next such date from today at each show's cinema (its time zone's today)",
  querystring: Type.Object(
    { day: Type.String({ minLength: 1, maxLength: 20 }), id: ObjectIdText, cinemaId: Type.Optional(ObjectIdText) },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(ShowView), ...errors(400, 404) },
};

const PriceCardId = Type.String({
  minLength: 1,
  maxLength: 40,
  description:
    'The price card to sell at (GET /pricing/cards), instead of the one its day, time and format match; a date, time or format changed later picks again',
});

/**
 * The admin's show form. Fields are only type-checked here; presence and the
 * form's rules are checked by the shows, which answer the form's own messages.
 */
const ShowForm = Type.Object(
  {
    cinemaId: Type.Optional(ObjectIdText),
    schedule: Type.Optional(Type.String({ maxLength: 20, description: "'HH:MM'" })),
    movieId: Type.Optional(Type.String({ maxLength: 100 })),
    roomId: Type.Optional(
      Type.Union([Type.Integer(), Type.String({ maxLength: 10 })], { description: 'A room of the cinema (the first cinema: 1 to 5)' }),
    ),
    day: Type.Optional(Type.String({ maxLength: 20, description: "'yyyy-mm-dd', or a weekday name meaning the next such date" })),
    date: Type.Optional(Type.String({ maxLength: 20, description: "'yyyy-mm-dd' from today (the cinema's day); takes the place of day" })),
    type: Type.Optional(Type.String({ maxLength: 10, description: '2D or 3D' })),
    price: Type.Optional(
      Type.Integer({
        description:
          'Cents: one price for every seat (a "Precio único" show); left out, the show gets the price card its day, time and format match',
      }),
    ),
    priceCardId: Type.Optional(PriceCardId),
  },
  { additionalProperties: false },
);

export const createShow = {
  tags,
  security: bearerAuth,
  summary:
    "Create a show (admin, or a manager of its cinema), at most a year ahead, in a room of `cinemaId` (the first cinema's when absent: " +
    "a room of another cinema 400, an unknown cinema 404); date and time are the cinema's wall time; the room must be free for the run time plus 20 minutes of cleaning",
  body: Type.Object({ data: Type.Optional(ShowForm) }, { additionalProperties: false }),
  response: { 201: ShowView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

/**
 * The edit body: the ShowView that GET /show/one/:id answers, every field optional. schedule,
 * date, roomId, type and price are applied; id and movieId must be the show's own; the rest is
 * derived and ignored.
 */
const ShowEdit = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 100, description: "Read-only: the show's own id" })),
    schedule: Type.Optional(Type.String({ maxLength: 20, description: "'HH:MM'" })),
    day: Type.Optional(Type.String({ maxLength: 20, description: 'Read-only: the weekday of date' })),
    date: Type.Optional(Type.String({ maxLength: 20, description: "'yyyy-mm-dd', or a weekday name meaning the next such date" })),
    startsAt: Type.Optional(Type.String({ maxLength: 40, description: 'Read-only' })),
    movieId: Type.Optional(Type.String({ maxLength: 100, description: "Read-only: the show's own movie" })),
    cinemaId: Type.Optional(Type.String({ maxLength: 100, description: "Read-only: the show's own cinema (its room's)" })),
    cinema: Type.Optional(Type.Object({}, { description: 'Read-only' })),
    roomId: Type.Optional(
      Type.Union([Type.Integer(), Type.String({ maxLength: 10 })], {
        description: "A room of the same cinema (another cinema's: 400); not changeable once a seat is sold or held",
      }),
    ),
    type: Type.Optional(Type.String({ maxLength: 10, description: '2D or 3D' })),
    price: Type.Optional(
      Type.Integer({ description: 'Cents: a price other than the show\'s makes it sell every seat at it ("Precio único")' }),
    ),
    priceCardId: Type.Optional(PriceCardId),
    priceCard: Type.Optional(
      Type.Object(
        { id: Type.String({ maxLength: 40 }), name: Type.String({ maxLength: 80 }) },
        { description: 'Read-only: use priceCardId' },
      ),
    ),
    prices: Type.Optional(Type.Array(Type.Object({}), { maxItems: 50, description: 'Read-only' })),
    seats: Type.Optional(Type.Integer({ description: 'Read-only' })),
    capacity: Type.Optional(Type.Integer({ description: 'Read-only' })),
    movie: Type.Optional(Type.Object({ Title: Type.Optional(Type.String({ maxLength: 300 })) }, { description: 'Read-only' })),
  },
  { additionalProperties: false },
);

export const updateShow = {
  tags,
  security: bearerAuth,
  summary:
    "Change a show's time, date, room, type, price card or price (admin, or a manager of its cinema) with the create rules and the overlap check; refused once it has started; accepts the show as GET /show/one/:id answers it. " +
    'A show priced by a card picks the card again when its date, time or format change',
  params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
  body: ShowEdit,
  response: { 200: ShowView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const bulkShows = {
  tags,
  security: bearerAuth,
  summary:
    'Schedule a movie in a room at given times on the days of a date range that fall on given weekdays (admin, or a manager of the cinema), at most 500 shows, in a room of `cinemaId` (the first cinema when absent; a room of another cinema 400). ' +
    "dryRun answers the plan and its clashes (the create's overlap message); otherwise creates the shows (201), skipping the clashes " +
    "(onClash 'skip') or refusing them all (onClash 'refuse': 409)",
  body: BulkShowsRequest,
  response: { 200: BulkShowsResult, 201: BulkShowsResult, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const deleteShow = {
  tags,
  security: bearerAuth,
  summary:
    'Delete a show (admin, or a manager of its cinema); refused while a ticket is being paid, and once tickets were sold (409 with the counts of paid orders and tickets: cancel the show first, which refunds them)',
  params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
  response: { 200: MessageResponse, ...errors(400, 401, 403, 404), 409: SoldTicketsConflict },
};

export const cancelShow = {
  tags,
  security: bearerAuth,
  summary:
    'Cancels a show (admin, or a manager of its cinema): it goes off sale at once, and a background job refunds every paid order of it whole as a cancellation is ' +
    '(money, seats, candy; each buyer is mailed). Answers 202 with the job (GET the same path for its progress); once done, the ' +
    'same request again retries the orders in `failed`, never refunding twice',
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
  response: { 202: ShowCancellationView, ...errors(...BODY_ERRORS, 401, 403, 404) },
};

export const showCancellation = {
  tags,
  security: bearerAuth,
  summary:
    "A show's cancellation (admin, or a manager of its cinema): its refunds' progress (`refunded` of `total`), its state and, once done, the orders to retry",
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  response: { 200: ShowCancellationView, ...errors(400, 401, 403, 404) },
};
