import {
  ApiErrorBody,
  ObjectIdText,
  PassCardRequest,
  PassPlanInput,
  PassPlanView,
  PassResponse,
  PassSubscribeRequest,
  RenewalsReport,
} from '@cine/contracts';
import { BODY_ERRORS, bearerAuth, errors } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

const tags = ['club'];

const Declined = Type.Composite([ApiErrorBody, Type.Object({ code: Type.String() })]);

export const listPlans = {
  tags,
  summary: 'The Cine Pase plans on sale (anyone), cheapest first; an admin with `all=true` sees every plan, inactive ones too.',
  querystring: Type.Object({ all: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: { 200: Type.Array(PassPlanView), ...errors(400, 401, 403) },
};

export const createPlan = {
  tags,
  security: bearerAuth,
  summary: 'Creates a Cine Pase plan (admin): 201 the plan; 409 a plan of that name exists.',
  body: PassPlanInput,
  response: { 201: PassPlanView, ...errors(...BODY_ERRORS, 401, 403, 409) },
};

export const updatePlan = {
  tags,
  security: bearerAuth,
  summary:
    'Changes a plan (admin; passes renew at its new price from their next period): 404 no such plan; 409 its name is taken, ' +
    'or a renewal of the plan is being charged now.',
  params: Type.Object({ id: ObjectIdText }, { additionalProperties: false }),
  body: PassPlanInput,
  response: { 200: PassPlanView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const subscribe = {
  tags,
  security: bearerAuth,
  summary:
    'Subscribes the signed-in member to a plan: saves the card for off-session renewals and charges the first month at once. ' +
    '201 the pass; 402 the card declined (no pass); 404 no such plan; 409 not a member, a pass already, or a plan no longer sold.',
  body: PassSubscribeRequest,
  response: { 201: PassResponse, ...errors(...BODY_ERRORS, 401, 404, 409), 402: Declined },
};

export const cancel = {
  tags,
  security: bearerAuth,
  summary: 'Cancels the member’s pass: it books tickets until its period ends, then ends (in grace it ends at once). 404 no pass.',
  response: { 200: PassResponse, ...errors(401, 404) },
};

export const card = {
  tags,
  security: bearerAuth,
  summary:
    'The card the pass’s renewals charge from now on; in grace the period due is charged with it at once. 402 the card declined; 404 no pass.',
  body: PassCardRequest,
  response: { 200: PassResponse, ...errors(...BODY_ERRORS, 401, 404), 402: Declined },
};

export const renewals = {
  tags,
  security: bearerAuth,
  summary: 'The renewal job (admin): how often it runs, its last runs and the renewals they made, newest first.',
  response: { 200: RenewalsReport, ...errors(401, 403) },
};
