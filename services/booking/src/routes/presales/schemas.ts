import { ObjectIdText, PresaleFeedLine, PresaleInput, PresaleJoinView, PresaleList, PresaleMeView, PresaleView } from '@cine/contracts';
import { BODY_ERRORS, bearerAuth, errors } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

const tags = ['presales'];

const IdParams = Type.Object({ id: ObjectIdText }, { additionalProperties: false });

export const createPresale = {
  tags,
  security: bearerAuth,
  summary:
    'Puts shows behind a waiting line opening at `opensAt` (admin; a manager for their cinemas’ shows, 403 otherwise). ' +
    '400: no shows, shows of two cinemas, an opening not in the future; 404 a show that does not exist; ' +
    '409 a show started, with seats held or sold, or in another presale not closed',
  body: PresaleInput,
  response: { 201: PresaleView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const listPresales = {
  tags,
  security: bearerAuth,
  summary: 'Every presale, newest first (admin; a manager: those of their cinemas)',
  response: { 200: PresaleList, ...errors(401, 403) },
};

export const activePresales = {
  tags,
  summary: 'The presales not closed, by opening (anyone): the catalog marks their shows "Preventa"',
  response: { 200: PresaleList },
};

export const onePresale = {
  tags,
  summary: 'A presale and its line: state, seats left over its shows, people waiting (anyone). 404 unknown',
  params: IdParams,
  response: { 200: PresaleView, ...errors(400, 404) },
};

export const closePresale = {
  tags,
  security: bearerAuth,
  summary: 'Ends the presale now: its shows sell as any show (admin; a manager of its cinema). Again: the presale as it is. 404 unknown',
  params: IdParams,
  response: { 200: PresaleView, ...errors(400, 401, 403, 404) },
};

export const joinPresale = {
  tags,
  security: bearerAuth,
  summary:
    'Takes the caller’s place in the line (one per account): 201 the first time, 200 the same place again. `position` is null before ' +
    'the opening (the lottery gives it). 409 when the line is sold out or the presale closed; 404 unknown',
  params: IdParams,
  response: { 200: PresaleJoinView, 201: PresaleJoinView, ...errors(400, 401, 404, 409) },
};

export const myPlace = {
  tags,
  security: bearerAuth,
  summary:
    'The caller’s standing in the line: position, people ahead, seats left against them, the estimate; when admitted and the ' +
    'session runs, the signed `admission` to send with holds and checkouts of its shows. 404 unknown',
  params: IdParams,
  response: { 200: PresaleMeView, ...errors(400, 401, 404) },
};

export const presaleFeed = {
  tags,
  summary:
    "Booking's feed of the line to the gateways (server-sent events; the gateway answers it 404 from outside): 'line' " +
    "(PresaleFeedLine, id = its version) first and on every change, 'positions' ([placeId, position] pairs): all first, then the new ones. " +
    '429 past the open feeds of one client. Without Accept: text/event-stream it answers the line once as JSON',
  params: IdParams,
  querystring: Type.Object({}, { additionalProperties: false }),
  response: { 200: PresaleFeedLine, ...errors(400, 404, 429) },
};
