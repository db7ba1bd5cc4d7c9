import { Type } from '@sinclair/typebox';
import { MessageResponse } from '@cine/contracts';
import { BODY_ERRORS, errors } from '@cine/service-kit';
import { Email, NewPassword } from '../../schemas';

const tags = ['mailing'];

export const requestRecovery = {
  tags,
  summary:
    'Mail a one-time recovery code (same answer whether or not the e-mail is registered; one code a minute per account, 5 mails a day per mailbox)',
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: { 202: MessageResponse, ...errors(...BODY_ERRORS) },
};

export const resetPassword = {
  tags,
  summary: 'Set a new password with the mailed code (valid 15 minutes, 5 attempts; 10 guesses an hour per account across codes, then 429)',
  body: Type.Object({ email: Email, code: Type.String({ pattern: '^[0-9]{6}$' }), password: NewPassword }, { additionalProperties: false }),
  response: { 200: MessageResponse, ...errors(...BODY_ERRORS, 429) },
};
