/**
 * The presale's waiting room (issue 40): the admin's body, the line's and the buyer's views, and the
 * feed booking streams to the gateway. Booking owns presales; the arithmetic and the messages are
 * presale-rules.ts's, written once for the web apps, the gateway and booking.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ObjectIdText } from './primitives';
import { PRESALE_STATES } from './presale-rules';

export const PresaleStateSchema = Type.Union(
  PRESALE_STATES.map((state) => Type.Literal(state)),
  {
    description:
      "'scheduled' before opensAt; 'open' admitting; 'sold_out' while no seat is free; 'closed' once its shows started or an admin ended it",
  },
);

/** POST /presales body (admin; a manager for their cinemas' shows). */
export const PresaleInput = Type.Object(
  {
    showIds: Type.Array(ObjectIdText, { minItems: 1, maxItems: 50, uniqueItems: true, description: 'The shows sold behind the line' }),
    opensAt: Type.String({ format: 'date-time', description: 'ISO instant the sale opens (in the future)' }),
    admitPerMinute: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: 'Buyers admitted a minute; left out, PRESALE_ADMIT_PER_MINUTE (measured capacity)',
      }),
    ),
    sessionMinutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 60, description: 'Minutes an admitted buyer has to choose and pay (default 10)' }),
    ),
    maxTicketsPerBuyer: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10, description: 'Tickets one account may buy over the shows (default 4)' }),
    ),
  },
  { additionalProperties: false },
);
export type PresaleInput = Static<typeof PresaleInput>;

/** GET /presales/{id} (anyone), and the 201 of POST /presales. */
export const PresaleView = Type.Object(
  {
    id: Type.String(),
    showIds: Type.Array(Type.String()),
    opensAt: Type.String({ format: 'date-time' }),
    state: PresaleStateSchema,
    seatsLeft: Type.Integer({ minimum: 0, description: 'Free seats over its shows' }),
    waiting: Type.Integer({ minimum: 0, description: 'Accounts in the line not admitted yet (before the opening: all who joined)' }),
    admitPerMinute: Type.Integer({ minimum: 1 }),
    sessionMinutes: Type.Integer({ minimum: 1 }),
    maxTicketsPerBuyer: Type.Integer({ minimum: 1 }),
    admittedThrough: Type.Integer({ minimum: 0, description: 'Positions 1..admittedThrough have been admitted' }),
    cinemaId: Type.String({ description: "The shows' cinema" }),
  },
  { additionalProperties: false },
);
export type PresaleView = Static<typeof PresaleView>;

/** GET /presales (admin: all; manager: their cinemas'), newest first; GET /presales/active (anyone): those not closed, by opensAt. */
export const PresaleList = Type.Array(PresaleView);
export type PresaleList = Static<typeof PresaleList>;

/** 200/201 of POST /presales/{id}/join: the caller's place (joining again answers the same one). */
export const PresaleJoinView = Type.Object(
  {
    joinedAt: Type.String({ format: 'date-time' }),
    position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'Null before the opening (the lottery gives it)' }),
  },
  { additionalProperties: false },
);
export type PresaleJoinView = Static<typeof PresaleJoinView>;

/** GET /presales/{id}/me, and each event of GET /presales/{id}/me/stream ('standing'). */
export const PresaleMeView = Type.Object(
  {
    presaleId: Type.String(),
    state: PresaleStateSchema,
    joined: Type.Boolean({ description: 'The caller has a place in this line' }),
    placeId: Type.Optional(Type.String({ description: "The caller's place (what the feed's positions name)" })),
    joinedAt: Type.Optional(Type.String({ format: 'date-time' })),
    position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    ahead: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'People before the caller not admitted yet' }),
    seatsLeft: Type.Integer({ minimum: 0 }),
    admitted: Type.Boolean(),
    estimateMinutes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    seatsMessage: Type.Union([Type.String(), Type.Null()]),
    /** The caller's session ended (past sessionMinutes): the place is gone. */
    expired: Type.Boolean(),
    opensAt: Type.String({ format: 'date-time' }),
    sessionMinutes: Type.Integer({ minimum: 1 }),
    maxTicketsPerBuyer: Type.Integer({ minimum: 1 }),
    showIds: Type.Array(Type.String()),
    /** The signed admission (only in GET /presales/{id}/me, never in the stream), to send as `admission` with holds and checkouts. */
    admission: Type.Optional(Type.String()),
    admissionExpiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type PresaleMeView = Static<typeof PresaleMeView>;

/** The admission a hold (POST /tickets/addTickets) or a checkout of a presale's show carries. */
export const PresaleAdmission = Type.String({
  minLength: 10,
  maxLength: 512,
  description: "Issue 40: the caller's signed admission (GET /presales/{id}/me) while the show is behind a presale's line",
});

/**
 * Booking's feed of a line (GET /presales/{id}/feed, server-sent events, relayed by the gateway to each
 * buyer's GET /presales/{id}/me/stream): event 'line' carries a PresaleLine (with `version`), sent first and
 * whenever it changes; event 'positions' carries places given positions ([placeId, position] pairs): all of
 * them first (at the opening, the lottery's), then the new ones (later arrivals) as they come.
 */
export const PresaleFeedLine = Type.Object(
  {
    version: Type.Integer({ minimum: 0 }),
    state: PresaleStateSchema,
    seatsLeft: Type.Integer({ minimum: 0 }),
    admittedThrough: Type.Integer({ minimum: 0 }),
    lastPosition: Type.Integer({ minimum: 0 }),
    joined: Type.Integer({ minimum: 0 }),
    admitPerMinute: Type.Integer({ minimum: 1 }),
    maxTicketsPerBuyer: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type PresaleFeedLine = Static<typeof PresaleFeedLine>;

export const PresaleFeedPositions = Type.Object(
  { positions: Type.Array(Type.Tuple([Type.String(), Type.Integer({ minimum: 1 })])) },
  { additionalProperties: false },
);
export type PresaleFeedPositions = Static<typeof PresaleFeedPositions>;
