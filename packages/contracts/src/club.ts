/**
 * Cine Club (issue 41): members' points and tiers, the Cine Pase monthly pass and the back office's
 * views of them. Booking owns all of it: points pay at checkout and the pass covers tickets in the same
 * state machine as gift cards, and a member's ledger and the order that moves it live in one database.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CLUB_ENTRY_KINDS, PASS_FORMATS, PASS_STATUSES, RENEWAL_OUTCOMES } from './club-rules';
import { Cents, ObjectIdText } from './primitives';

const Instant = (description = 'ISO instant') => Type.String({ description });
const DayText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD'" });

export const ClubTierView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  minVisits: Type.Integer({ minimum: 0 }),
  candyDiscountPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  presalePriority: Type.Boolean(),
});
export type ClubTierView = Static<typeof ClubTierView>;

/** A pass as its member sees it (GET /club/me `pass`, POST /club/pass's 201). */
export const ClubPassSummary = Type.Object({
  id: Type.String(),
  plan: Type.Object({
    id: Type.String(),
    name: Type.String(),
    monthlyPrice: Cents(),
    ticketsPerMonth: Type.Integer({ minimum: 1 }),
    formats: Type.Array(Type.Union(PASS_FORMATS.map((format) => Type.Literal(format)))),
  }),
  status: Type.Union(PASS_STATUSES.map((status) => Type.Literal(status))),
  /** When the current period ends: the next renewal (or, cancelling, the end of the pass). */
  renewsAt: Instant(),
  periodStart: Instant(),
  ticketsLeft: Type.Integer({ minimum: 0, description: "This period's tickets not used yet" }),
  /** 'grace': until when the pass waits for a card that pays. */
  graceUntil: Type.Optional(Instant()),
  cardLast4: Type.Optional(Type.String()),
});
export type ClubPassSummary = Static<typeof ClubPassSummary>;

/** GET /club/me (signed in; `member: false` and the rest zero before joining). */
export const ClubMe = Type.Object({
  member: Type.Boolean(),
  tier: ClubTierView,
  /** The balance (the ledger's sum, never shown below zero). */
  points: Type.Integer({ minimum: 0 }),
  /** Points a refund took back after they were spent: the next earnings pay it first. */
  debt: Type.Integer({ minimum: 0 }),
  pointsExpiringSoon: Type.Integer({ minimum: 0, description: 'Points that expire within 30 days' }),
  /** When the soonest of them expire. */
  nextExpiry: Type.Optional(Instant()),
  visits: Type.Integer({ minimum: 0, description: 'Visits of the last 12 months (what the tier counts)' }),
  nextTier: Type.Optional(Type.Object({ name: Type.String(), visitsToGo: Type.Integer({ minimum: 1 }) })),
  /** What a point pays, in cents, and how many a dollar earns. */
  pointValueCents: Type.Integer({ minimum: 0 }),
  pointsPerDollar: Type.Number({ minimum: 0 }),
  joinedAt: Type.Optional(Instant()),
  pass: Type.Optional(ClubPassSummary),
});
export type ClubMe = Static<typeof ClubMe>;

/** One entry of a member's ledger; the balance is the sum of `points`. */
export const ClubLedgerEntryView = Type.Object({
  id: Type.String(),
  kind: Type.Union(CLUB_ENTRY_KINDS.map((kind) => Type.Literal(kind))),
  points: Type.Integer({ description: 'Positive credits, negative debits' }),
  balance: Type.Integer({ description: 'The balance after it (below zero: a debt)' }),
  orderId: Type.Optional(Type.String()),
  orderCode: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  by: Type.Optional(Type.String({ description: "An adjustment's admin (user id)" })),
  /** An earning: when its points expire. */
  expiresAt: Type.Optional(Instant()),
  at: Instant(),
});
export type ClubLedgerEntryView = Static<typeof ClubLedgerEntryView>;

export const ClubLedgerQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
export type ClubLedgerQuery = Static<typeof ClubLedgerQuery>;

/** GET /club/me/ledger and the admin's member ledger: newest first. */
export const ClubLedgerPage = Type.Object({
  items: Type.Array(ClubLedgerEntryView),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type ClubLedgerPage = Static<typeof ClubLedgerPage>;

/** POST /club/plans and PUT /club/plans/{id} body (admin). */
export const PassPlanInput = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 60 }),
    monthlyPrice: Type.Integer({ minimum: 100, maximum: 1_000_000, description: 'Cents' }),
    ticketsPerMonth: Type.Integer({ minimum: 1, maximum: 31 }),
    formats: Type.Array(Type.Union(PASS_FORMATS.map((format) => Type.Literal(format))), { minItems: 1, maxItems: 2, uniqueItems: true }),
    description: Type.Optional(Type.String({ maxLength: 300 })),
    active: Type.Boolean({ description: 'Sold to new members (existing passes renew on their plan either way)' }),
  },
  { additionalProperties: false },
);
export type PassPlanInput = Static<typeof PassPlanInput>;

export const PassPlanView = Type.Composite([PassPlanInput, Type.Object({ id: Type.String(), createdAt: Instant(), updatedAt: Instant() })]);
export type PassPlanView = Static<typeof PassPlanView>;

/** POST /club/pass body: subscribe, saving the card (SetupIntent) and charging the first month. */
export const PassSubscribeRequest = Type.Object(
  {
    planId: ObjectIdText,
    paymentMethodId: Type.String({ minLength: 1, maxLength: 255, description: 'Stripe PaymentMethod id (offline: pm_card_visa…)' }),
  },
  { additionalProperties: false },
);
export type PassSubscribeRequest = Static<typeof PassSubscribeRequest>;

/** POST /club/pass/card body: the card future renewals charge (in grace: charged at once). */
export const PassCardRequest = Type.Object(
  { paymentMethodId: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type PassCardRequest = Static<typeof PassCardRequest>;

/** 201 of POST /club/pass, 200 of DELETE /club/pass and POST /club/pass/card. A declined first charge is a 402. */
export const PassResponse = Type.Object({ message: Type.String(), pass: ClubPassSummary });
export type PassResponse = Static<typeof PassResponse>;

/** GET /club/members query (admin): `q` part of an e-mail or name. */
export const ClubMembersQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
export type ClubMembersQuery = Static<typeof ClubMembersQuery>;

export const ClubMemberView = Type.Object({
  userId: Type.String(),
  email: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  tier: Type.String({ description: "The tier's name" }),
  points: Type.Integer({ minimum: 0 }),
  debt: Type.Integer({ minimum: 0 }),
  visits: Type.Integer({ minimum: 0 }),
  joinedAt: Instant(),
  passStatus: Type.Optional(Type.Union(PASS_STATUSES.map((status) => Type.Literal(status)))),
});
export type ClubMemberView = Static<typeof ClubMemberView>;

export const ClubMemberPage = Type.Object({
  items: Type.Array(ClubMemberView),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type ClubMemberPage = Static<typeof ClubMemberPage>;

export const ClubMemberParams = Type.Object({ userId: ObjectIdText }, { additionalProperties: false });

/** POST /club/members/{userId}/adjust body (admin only): a correction, kept with its reason and author. */
export const ClubAdjustRequest = Type.Object(
  {
    points: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'Points added (negative: taken)' }),
    reason: Type.String({ minLength: 3, maxLength: 300 }),
  },
  { additionalProperties: false },
);
export type ClubAdjustRequest = Static<typeof ClubAdjustRequest>;

/** 201 of an adjustment: the entry written and the member as it stands. */
export const ClubAdjustResponse = Type.Object({ entry: ClubLedgerEntryView, member: ClubMemberView });
export type ClubAdjustResponse = Static<typeof ClubAdjustResponse>;

/** One pass's renewal for one period (GET /club/renewals, admin), newest first. */
export const RenewalView = Type.Object({
  passId: Type.String(),
  userId: Type.String(),
  planName: Type.String(),
  /** The period it pays for ('YYYY-MM-DD' of its start): with the pass, the charge's idempotency key. */
  period: DayText,
  amount: Cents(),
  outcome: Type.Union(RENEWAL_OUTCOMES.map((outcome) => Type.Literal(outcome))),
  reason: Type.Optional(Type.String({ description: "A decline: the provider's words" })),
  attempts: Type.Integer({ minimum: 1 }),
  at: Instant(),
});
export type RenewalView = Static<typeof RenewalView>;

/** GET /club/renewals: the renewal job's runs (each a sweep of the passes due) and the renewals they made. */
export const RenewalsReport = Type.Object({
  job: Type.Object({
    everyMs: Type.Integer({ minimum: 1 }),
    lastRunAt: Type.Optional(Instant()),
    nextRunAt: Type.Optional(Instant()),
  }),
  runs: Type.Array(
    Type.Object({
      startedAt: Instant(),
      finishedAt: Type.Optional(Instant()),
      due: Type.Integer({ minimum: 0 }),
      charged: Type.Integer({ minimum: 0 }),
      declined: Type.Integer({ minimum: 0 }),
      lapsed: Type.Integer({ minimum: 0 }),
      ended: Type.Integer({ minimum: 0 }),
      failed: Type.Integer({ minimum: 0 }),
    }),
  ),
  renewals: Type.Array(RenewalView),
});
export type RenewalsReport = Static<typeof RenewalsReport>;

/** GET /sales/club query (admin): days of the period, both included. */
export const ClubSalesQuery = Type.Object({ from: Type.Optional(DayText), to: Type.Optional(DayText) }, { additionalProperties: false });
export type ClubSalesQuery = Static<typeof ClubSalesQuery>;

/** GET /sales/club: the programme's figures for the period (liability and passes at its end). */
export const ClubSalesReport = Type.Object(
  {
    pointsEarned: Type.Integer({ minimum: 0, description: 'Earned in the period, less what refunds took back' }),
    pointsSpent: Type.Integer({ minimum: 0, description: 'Spent in the period, less what was given back' }),
    pointsLiability: Cents("What every member's balance at the period's end pays"),
    activePasses: Type.Integer({ minimum: 0, description: 'Passes active, in grace or cancelling at the end of the period' }),
    renewals: Type.Object(
      { charged: Type.Integer({ minimum: 0 }), declined: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    passRevenue: Cents('First months and renewals charged in the period'),
  },
  { additionalProperties: false },
);
export type ClubSalesReport = Static<typeof ClubSalesReport>;
