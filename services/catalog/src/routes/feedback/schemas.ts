import { FeedbackView, listAnswer, listQuery, POST_SORTS } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { BODY_ERRORS, bearerAuth, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['feedback'];
const security = bearerAuth;

export const addFeedback = {
  tags,
  security,
  summary: 'Leave feedback as the signed-in user (id must be the caller)',
  // A user id: an admin may send anyone's, but only an id (not `%00`, `{"$ne":null}` or CRLF).
  params: Type.Object({ id: ObjectIdText }),
  // Text is checked by the handler, which answers a readable message for a missing or blank one.
  body: Type.Object({ Text: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
  response: { 201: FeedbackView, ...errors(...BODY_ERRORS, 401, 403) },
};

export const listFeedback = {
  tags,
  security,
  summary: 'All feedback, newest first, with each author (admin); with `page`, one page and the total',
  querystring: listQuery(POST_SORTS, {}),
  response: { 200: listAnswer(FeedbackView), ...errors(400, 401, 403) },
};
