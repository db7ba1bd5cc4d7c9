import { MessageResponse } from '@cine/contracts';
import { BODY_ERRORS, errors } from '@cine/service-kit';
import { Type, type TSchema } from '@sinclair/typebox';
import { CONFIRMATION_TOKEN_PATTERN } from '../../newsletter/subscriptions';

const tags = ['mailing'];
const Token = Type.String({ pattern: CONFIRMATION_TOKEN_PATTERN, description: "The mailed link's token" });
const HtmlPage = { description: 'A Spanish HTML page', content: { 'text/html': { schema: Type.String() } } };
/** A JSON answer, or a Spanish HTML page for the confirmation page's form. */
const jsonOrPage = (description: string, json: TSchema) => ({
  description,
  content: { 'application/json': { schema: json }, 'text/html': { schema: Type.String() } },
});

export const subscribe = {
  tags,
  summary:
    'Ask to subscribe an e-mail: mails it a confirmation link (double opt-in), the same answer when it is subscribed already; limited per address (plus-part stripped) and per client',
  body: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }),
  response: { 202: MessageResponse, ...errors(...BODY_ERRORS, 429) },
};

export const confirmPage = {
  tags,
  summary: 'The mailed link: a page whose button confirms the subscription (following the link alone changes nothing)',
  // Any text: a cut or mangled link still opens the page, which says it is not valid.
  querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200, description: "The mailed link's token" })) }),
  produces: ['text/html'],
  response: { 200: HtmlPage, 400: HtmlPage },
};

export const confirm = {
  tags,
  summary: "Confirm a subscription with the mailed link's token (JSON, or the confirmation page's form); the token is then used up",
  consumes: ['application/json', 'application/x-www-form-urlencoded'],
  body: Type.Object({ token: Token }, { additionalProperties: false }),
  response: {
    ...errors(...BODY_ERRORS),
    200: jsonOrPage('Subscribed', MessageResponse),
    400: jsonOrPage('An unknown, used or expired token', Type.Ref('ErrorBody#')),
  },
};
