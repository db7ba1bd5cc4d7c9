import { MessageResponse } from '@cine/contracts';
import { BODY_ERRORS, errors } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

export const subscribe = {
  tags: ['mailing'],
  summary: 'Subscribe an e-mail to the newsletter and mail a confirmation (subscribing twice changes nothing)',
  body: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }),
  response: { 200: MessageResponse, ...errors(...BODY_ERRORS) },
};
