import { TicketKeySet, TicketView } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';

export const mine = {
  tags: ['tickets'],
  security: bearerAuth,
  summary: "The caller's tickets, one per seat of each paid order, soonest show first: the QR's content (`token`) and the short `code`",
  response: { 200: Type.Array(TicketView), ...errors(401) },
};

export const keys = {
  tags: ['tickets'],
  summary: 'The public keys that sign ticket tokens, as a JWKS: what a door verifies QR codes with offline (public, cacheable)',
  response: { 200: TicketKeySet },
};
