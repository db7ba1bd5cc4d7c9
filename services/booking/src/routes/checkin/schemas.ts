import { CheckinAnswer, CheckinRequest, DoorShowView, OfflineCheckinAnswer, OfflineCheckinUpload } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';

export const checkIn = {
  tags: ['check-in'],
  security: bearerAuth,
  summary:
    'Admits a ticket of the show the door checks (showId, required) at the door (staff, admin), atomically: of two doors scanning one ticket at once, one admits and the other hears when and where. ' +
    "Only inside the show's door window (DOOR_OPENS_MINUTES_BEFORE its start to DOOR_CLOSES_MINUTES_AFTER_END its end). " +
    '200 admitted; 409 refunded, wrong_cinema (a ticket of another cinema, named), wrong_show, already_used, too_early, show_over (said in that order of importance); ' +
    '400 invalid (also a body of neither form, a cancelled show); 403 for a show of a cinema the caller does not work at',
  body: CheckinRequest,
  // A body that is no JSON at all is refused before the route (the kit's error body): 400 is either.
  response: {
    200: CheckinAnswer,
    400: Type.Union([CheckinAnswer, errors(400)[400]]),
    409: CheckinAnswer,
    ...errors(401, 403, 413, 415),
  },
};

export const doorShow = {
  tags: ['check-in'],
  security: bearerAuth,
  summary:
    "A show and its tickets as they are now (staff, admin): what a door keeps to check tickets without network (a token's jti is its ticket's code)",
  params: Type.Object({ showId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
  response: { 200: DoorShowView, ...errors(400, 401, 403, 404) },
};

export const offline = {
  tags: ['check-in'],
  security: bearerAuth,
  summary:
    "Check-ins a door recorded without network (staff, admin), in order: each admitted at its scannedAt (judged against the show's door window), or why not; " +
    'a ticket admitted before, or a clientScanId another entrance used, is a conflict. At most OFFLINE_UPLOAD_MAX_SCANS scans. ' +
    'Idempotent: an upload played again (same clientScanId) answers the same and admits nothing twice',
  body: OfflineCheckinUpload,
  response: { 200: OfflineCheckinAnswer, ...errors(400, 401, 403, 413, 415) },
};
