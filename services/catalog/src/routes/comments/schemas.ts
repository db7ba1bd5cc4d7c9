import { Type } from '@sinclair/typebox';
import { CommentView, CommentWithMovie, listAnswer, listQuery, MessageResponse, POST_SORTS } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['comments'];
const security = bearerAuth;

export const listComments = {
  tags,
  security,
  summary: 'Every comment, newest first, with its author and movie (admin); of one movie with movieId; with `page`, one page and the total',
  querystring: listQuery(POST_SORTS, { movieId: Type.Optional(ObjectIdText) }),
  response: { 200: listAnswer(CommentWithMovie), ...errors(400, 401, 403) },
};

export const addComment = {
  tags,
  security,
  summary: 'Comment on a movie as the signed-in user (userId must be the caller)',
  params: Type.Object({ movieId: Type.String({ maxLength: 100 }) }),
  querystring: Type.Object({ userId: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
  // Text is checked by the handler, which answers the form's own message for a missing or blank one.
  body: Type.Object({ Text: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
  response: { 201: CommentView, ...errors(...BODY_ERRORS, 401, 403, 404) },
};

export const deleteComment = {
  tags,
  security,
  summary: 'Delete a comment (admin, or its author)',
  params: Type.Object({ id: ObjectIdText }),
  response: { 200: MessageResponse, ...errors(400, 401, 403, 404) },
};

export const commentsOfUser = {
  tags,
  security,
  summary: "A user's comments, newest first, with each movie (the user themself, or an admin)",
  params: Type.Object({ userId: Type.String({ maxLength: 100 }) }),
  response: { 200: Type.Array(CommentWithMovie), ...errors(400, 401, 403) },
};
