import { CinemaChanges, CinemaForm, CinemaView, RoomChanges, RoomForm, RoomView } from '@cine/contracts';
import { Type } from '@sinclair/typebox';
import { BODY_ERRORS, bearerAuth, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['cinemas'];

const CinemaParams = Type.Object({ id: ObjectIdText });
const RoomParams = Type.Object({ id: ObjectIdText, roomId: Type.Integer({ minimum: 1, maximum: 9999 }) });

export const listCinemas = {
  tags,
  summary: "The chain's cinemas (anyone), by name: each with its address, hours, time zone and rooms",
  response: { 200: Type.Array(CinemaView) },
};

export const createCinema = {
  tags,
  security: bearerAuth,
  summary: 'A new cinema (admin), without rooms yet: a slug already used 409, a time zone that is not IANA 400',
  body: CinemaForm,
  response: { 201: CinemaView, ...errors(...BODY_ERRORS, 401, 403, 409) },
};

export const updateCinema = {
  tags,
  security: bearerAuth,
  summary: "A cinema's fields (admin): those sent change; unknown 404, slug used 409, zone not IANA 400",
  params: CinemaParams,
  body: CinemaChanges,
  response: { 200: CinemaView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const createRoom = {
  tags,
  security: bearerAuth,
  summary:
    "A new room of the cinema (admin) with its layout and seat categories: its id is the chain's highest plus one; a name the cinema already uses 409",
  params: CinemaParams,
  body: RoomForm,
  response: { 201: RoomView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const getRoom = {
  tags,
  security: bearerAuth,
  summary:
    'A room with its layout, as its POST and PUT answer it (admin, or a manager of the cinema): what the layout editor starts from. ' +
    'An unknown cinema, or a room not of that cinema, 404',
  params: RoomParams,
  response: { 200: RoomView, ...errors(400, 401, 403, 404) },
};

export const updateRoom = {
  tags,
  security: bearerAuth,
  summary:
    "A room's name and/or layout (admin, or a manager of the cinema). A new layout is copied to the room's shows on sale; " +
    'one that takes away a seat sold or being paid in one of them is refused (409, naming the seats) and nothing changes',
  params: RoomParams,
  body: RoomChanges,
  response: { 200: RoomView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};
