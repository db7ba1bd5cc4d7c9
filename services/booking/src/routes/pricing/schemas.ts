import { Type } from '@sinclair/typebox';
import { MessageResponse, PriceCard, PriceCardInput, Surcharges, TicketType, TicketTypeCode, TicketTypeFields } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';

const tags = ['pricing'];

const CodeParams = Type.Object({ code: TicketTypeCode }, { additionalProperties: false });
const CardParams = Type.Object(
  { id: Type.String({ pattern: '^[a-z0-9-]{1,40}$', description: "The card's id" }) },
  { additionalProperties: false },
);

export const listTicketTypes = {
  tags,
  summary: 'The ticket types: the active ones, in their order; an admin (with a token) gets the inactive ones too',
  response: { 200: Type.Array(TicketType) },
};

export const createTicketType = {
  tags,
  security: bearerAuth,
  summary: 'Add a ticket type (admin); its code, [a-z0-9-]{2,24}, is unique (409 when taken)',
  body: TicketType,
  response: { 201: TicketType, ...errors(...BODY_ERRORS, 401, 403, 409) },
};

export const updateTicketType = {
  tags,
  security: bearerAuth,
  summary:
    "Change a ticket type's name, description, ID check or whether it is on sale (admin); the shows on sale that sell it take the change, orders keep theirs",
  params: CodeParams,
  body: TicketTypeFields,
  response: { 200: TicketType, ...errors(...BODY_ERRORS, 401, 403, 404) },
};

export const deleteTicketType = {
  tags,
  security: bearerAuth,
  summary:
    'Delete a ticket type (admin); refused (409) while a card prices it, a show sells it or an order carries it: deactivate it instead',
  params: CodeParams,
  response: { 200: MessageResponse, ...errors(400, 401, 403, 404, 409) },
};

export const listCards = {
  tags,
  security: bearerAuth,
  summary: 'The price cards, highest priority first (admin)',
  response: { 200: Type.Array(PriceCard), ...errors(401, 403) },
};

export const createCard = {
  tags,
  security: bearerAuth,
  summary:
    'Add a price card (admin): a new show gets the card of highest priority whose rules match its day, start and format. ' +
    'Refused: prices of unknown types, times or dates reversed (400), another card of equal priority whose rules overlap (409)',
  body: PriceCardInput,
  response: { 201: PriceCard, ...errors(...BODY_ERRORS, 401, 403, 409) },
};

export const updateCard = {
  tags,
  security: bearerAuth,
  summary: "Change a price card (admin), by the create's rules; the shows on sale priced by it take the new prices, orders keep theirs",
  params: CardParams,
  body: PriceCardInput,
  response: { 200: PriceCard, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const deleteCard = {
  tags,
  security: bearerAuth,
  summary: 'Delete a price card (admin); refused (409) while a show on sale (not started, not cancelled) uses it',
  params: CardParams,
  response: { 200: MessageResponse, ...errors(400, 401, 403, 404, 409) },
};

export const getSurcharges = {
  tags,
  security: bearerAuth,
  summary: 'The surcharges per format and per seat category, in cents (admin)',
  response: { 200: Surcharges, ...errors(401, 403) },
};

export const putSurcharges = {
  tags,
  security: bearerAuth,
  summary: 'Replace the surcharges (admin); the shows on sale priced by a card take them, orders keep theirs',
  body: Surcharges,
  response: { 200: Surcharges, ...errors(...BODY_ERRORS, 401, 403) },
};
