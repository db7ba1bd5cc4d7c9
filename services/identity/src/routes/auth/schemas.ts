import { Type } from '@sinclair/typebox';
import { AccessResponse, LoginResponse, MessageResponse, Role, UserView, VerifyRoleResponse } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';
import { CinemaIds, Email, NewPassword, Username } from '../../schemas';

const tags = ['auth'];

const RegisterBody = Type.Object(
  { email: Email, username: Username, password: NewPassword, role: Type.Optional(Role), cinemaIds: Type.Optional(CinemaIds) },
  { additionalProperties: false },
);

export const register = {
  tags,
  summary:
    'Create an account (role user; roles admin, manager and staff only when the caller is an admin). A manager or staff ' +
    'member works at `cinemaIds` (required, each a cinema of the chain: 404 otherwise); other roles ignore them',
  body: RegisterBody,
  response: { 201: UserView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });

export const login = {
  tags,
  summary: 'Exchange e-mail and password for a bearer token',
  body: LoginBody,
  response: { 200: LoginResponse, ...errors(...BODY_ERRORS, 401) },
};

export const logout = {
  tags,
  summary: "End the caller's session: every service refuses this token from now on (the user's other sessions go on)",
  security: bearerAuth,
  response: { 200: MessageResponse, ...errors(401) },
};

export const verifyRole = {
  tags,
  summary: "The caller's role and user id",
  security: bearerAuth,
  response: { 200: VerifyRoleResponse, ...errors(401) },
};

export const access = {
  tags,
  summary: 'Whether the caller may enter the admin panel',
  security: bearerAuth,
  response: { 200: AccessResponse, ...errors(401) },
};

export const me = {
  tags,
  summary: "The caller's account",
  security: bearerAuth,
  response: { 200: UserView, ...errors(401) },
};

const ChangePasswordBody = Type.Object(
  {
    password: NewPassword,
    // The caller's own password, always (OWASP ASVS 2.1.6): a stolen token alone cannot take the account over.
    currentPassword: Type.String({
      minLength: 1,
      maxLength: 256,
      description: "The caller's current password (an admin's own when resetting another user's)",
    }),
    email: Email,
    // Sent by the web app along with the user it shows; the password is the only thing changed here.
    role: Type.Optional(Role),
    username: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

export const changePassword = {
  tags,
  summary:
    "Change a password with the caller's current one: a user their own, an admin anyone's; the same password again is a 400; that user's older tokens stop working and the owner is told by mail; after 5 wrong current passwords in 15 minutes an account waits (429)",
  security: bearerAuth,
  body: ChangePasswordBody,
  response: { 200: MessageResponse, ...errors(...BODY_ERRORS, 401, 403, 404, 409, 429) },
};
