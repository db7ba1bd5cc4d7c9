import { Type } from '@sinclair/typebox';

const ErrorBody = Type.Ref('ErrorBody#');

export const subscribe = {
  tags: ['mailing'],
  summary: 'Subscribe an e-mail to the newsletter and mail a confirmation (subscribing twice changes nothing)',
  body: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }),
  response: {
    200: Type.Object({ message: Type.String() }),
    400: ErrorBody,
    413: ErrorBody,
    415: ErrorBody,
  },
};
