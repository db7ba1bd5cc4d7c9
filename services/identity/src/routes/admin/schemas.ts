import { Type } from '@sinclair/typebox';
import { listAnswer, listQuery, MessageResponse, Role, searchFilter, SoldTicketsConflict, USER_SORTS, UserView } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';
import { CinemaIds, Email, UserId, Username } from '../../schemas';

const tags = ['admin'];
const security = bearerAuth;

export const listUsers = {
  tags,
  security,
  summary: 'All users (never their password hashes), by registration; with `page`, one page of them and their total',
  querystring: listQuery(USER_SORTS, {
    role: Type.Optional(Role),
    q: Type.Optional(searchFilter('Part of the username or e-mail, case ignored')),
  }),
  response: { 200: listAnswer(UserView), ...errors(400, 401, 403) },
};

export const searchUsers = {
  tags,
  security,
  summary: 'Users whose username contains the text, ignoring case (empty list when none)',
  querystring: Type.Object({ username: Type.String({ maxLength: 50 }) }, { additionalProperties: false }),
  response: { 200: Type.Array(UserView), ...errors(400, 401, 403) },
};

export const deleteUser = {
  tags,
  security,
  summary:
    'Delete the user with this e-mail (not the caller); their tokens stop working. Refused (409 with the counts) while they have paid tickets of shows not yet started',
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: { 200: MessageResponse, ...errors(...BODY_ERRORS, 401, 403, 404), 409: SoldTicketsConflict },
};

export const updateUser = {
  tags,
  security,
  summary:
    "Change a user's username, e-mail, role or cinemas (a manager's or staff member's; 404 for a cinema not of the chain); " +
    "a change of role or cinemas ends that user's sessions",
  body: Type.Object(
    {
      id: UserId,
      username: Type.Optional(Username),
      email: Type.Optional(Email),
      role: Type.Optional(Role),
      cinemaIds: Type.Optional(CinemaIds),
    },
    { additionalProperties: false },
  ),
  response: { 200: UserView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const replayUsers = {
  tags,
  security,
  summary:
    "Publishes user.updated again for every user (each one's current e-mail and name), so a service's projection of the users learns those " +
    "registered before it kept them (booking's buyers of the order search). Repeating it changes nothing; no mail follows",
  response: { 200: Type.Object({ republished: Type.Integer({ minimum: 0 }) }), ...errors(401, 403, 503) },
};
