import { Type } from '@sinclair/typebox';
import { CANDY_SORTS, CandyView, listAnswer, listQuery, MessageResponse, searchFilter } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['candy'];

// Numbers come as numbers or as the digits a form's input holds.
const wholeNumber = Type.Optional(Type.Unsafe<string | number>({ type: ['string', 'number'], maxLength: 20 }));

/**
 * The admin's candy form. Fields are only type-checked here; presence and the
 * form's rules are checked by candy-rules, which answers with the form's own messages.
 */
const candyFormFields = {
  name: Type.Optional(Type.String({ maxLength: 200 })),
  quantity: wholeNumber,
  price: wholeNumber,
  picture: Type.Optional(Type.String({ maxLength: 2048 })),
};

export const list = {
  tags,
  summary: 'Every candy item, by name; with `page`, one page of them and their total',
  querystring: listQuery(CANDY_SORTS, { q: Type.Optional(searchFilter('Part of the name, case and accents ignored')) }),
  response: { 200: listAnswer(CandyView), ...errors(400) },
};

export const search = {
  tags,
  summary:
    'Candy items whose name contains the text, ignoring case and accents; every item when it is empty or left out; an empty list when none',
  querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
  response: { 200: Type.Array(CandyView), ...errors(400) },
};

export const create = {
  tags,
  security: bearerAuth,
  summary: 'Create a candy item (admin); publishes candy.created',
  body: Type.Object(candyFormFields, { additionalProperties: false }),
  response: { 201: CandyView, ...errors(...BODY_ERRORS, 401, 403, 409) },
};

export const update = {
  tags,
  security: bearerAuth,
  summary: "Change a candy item (admin); fields left out keep their value; `id`, when sent, must be the path's; publishes candy.updated",
  params: Type.Object({ id: ObjectIdText }),
  body: Type.Object({ id: Type.Optional(ObjectIdText), ...candyFormFields }, { additionalProperties: false }),
  response: { 200: CandyView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const remove = {
  tags,
  security: bearerAuth,
  summary: 'Delete a candy item (admin); publishes candy.deleted',
  params: Type.Object({ id: ObjectIdText }),
  response: { 200: MessageResponse, ...errors(400, 401, 403, 404) },
};

export const picture = {
  tags,
  summary: "A seeded item's generated picture (SVG)",
  params: Type.Object({ file: Type.String({ maxLength: 200 }) }),
};
