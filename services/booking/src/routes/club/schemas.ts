import {
  ClubAdjustRequest,
  ClubAdjustResponse,
  ClubLedgerPage,
  ClubLedgerQuery,
  ClubMe,
  ClubMemberPage,
  ClubMemberParams,
  ClubMembersQuery,
} from '@cine/contracts';
import { BODY_ERRORS, bearerAuth, errors } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

const tags = ['club'];

export const join = {
  tags,
  security: bearerAuth,
  summary: 'Joins Cine Club (signed in, free): 201 the first time with the member as GET /club/me shows it; 409 already a member.',
  response: { 201: ClubMe, ...errors(401, 409) },
};

export const me = {
  tags,
  security: bearerAuth,
  summary:
    'The signed-in buyer’s club: member or not, tier, points (never below zero) and debt, points expiring within 30 days, visits of the ' +
    'last 12 months, the next tier and (with a Cine Pase) the pass.',
  response: { 200: ClubMe, ...errors(401) },
};

export const myLedger = {
  tags,
  security: bearerAuth,
  summary: 'The signed-in member’s points ledger, newest first (earnings say when their points expire).',
  querystring: ClubLedgerQuery,
  response: { 200: ClubLedgerPage, ...errors(400, 401) },
};

export const members = {
  tags,
  security: bearerAuth,
  summary: 'Cine Club’s members (admin only: the club is chain-wide), by part of their e-mail or name; newest members first.',
  querystring: ClubMembersQuery,
  response: { 200: ClubMemberPage, ...errors(400, 401, 403) },
};

export const adjust = {
  tags,
  security: bearerAuth,
  summary:
    'Adds or takes a member’s points (admin only), kept in the ledger with its reason and the admin: 201 the entry and the member; ' +
    '400 zero points; 404 not a member; 409 it would leave the balance below zero. An `Idempotency-Key` header makes a retry write once.',
  params: ClubMemberParams,
  headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })) }),
  body: ClubAdjustRequest,
  response: { 201: ClubAdjustResponse, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};
