import { Type } from '@sinclair/typebox';
import { CinemaFilter, MessageResponse, MovieDetail, MovieView, SoldTicketsConflict } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors, ObjectIdText } from '@cine/service-kit';

const tags = ['movies'];

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * The admin's movie form. Fields are only type-checked here; presence and the
 * form's rules are checked by movie-rules, which answers with the form's own messages.
 */
const movieFormFields = {
  Title: text(200),
  Poster: text(2048),
  Rated: text(10),
  Plot: text(5000),
  Genre: text(200),
  Actors: text(1000),
  Director: text(200),
  Runtime: Type.Optional(Type.Unsafe<string | number>({ type: ['string', 'number'], maxLength: 10 })),
  Language: text(100),
  Release: text(40),
  Trailer: text(500),
  Type: text(10),
};

// The handler sends these lists as ready JSON text (they are cached); the schema documents their shape.
const MovieListText = Type.Unsafe<string>(Type.Array(MovieView));

export const billboard = {
  tags,
  summary:
    'Movies now showing: released on or before today, newest first; with `cinemaId`, those with a show at that cinema (an empty list for a cinema with none)',
  querystring: Type.Object(CinemaFilter.properties, { additionalProperties: false }),
  response: { 200: MovieListText, ...errors(400) },
};

export const premieres = {
  tags,
  summary: 'Upcoming movies, soonest release first; with `cinemaId`, those with a show at that cinema and those with no show anywhere yet',
  querystring: Type.Object(CinemaFilter.properties, { additionalProperties: false }),
  response: { 200: MovieListText, ...errors(400) },
};

export const search = {
  tags,
  summary: 'Movies whose title (name) and genre contain the texts, ignoring case and accents; an empty list when none',
  querystring: Type.Object(
    { name: Type.Optional(Type.String({ maxLength: 200 })), genre: Type.Optional(Type.String({ maxLength: 100 })) },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(MovieView), ...errors(400) },
};

export const detail = {
  tags,
  summary: 'One movie by id (or exact title) with its comments',
  params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: { 200: MovieDetail, ...errors(400, 404) },
};

export const createMovie = {
  tags,
  security: bearerAuth,
  summary: 'Create a movie (admin); publishes movie.created',
  body: Type.Object(movieFormFields, { additionalProperties: false }),
  response: { 201: MovieView, ...errors(...BODY_ERRORS, 401, 403) },
};

export const updateMovie = {
  tags,
  security: bearerAuth,
  summary: 'Change a movie (admin); fields left out keep their value; publishes movie.updated',
  params: Type.Object({ id: ObjectIdText }),
  description:
    'Takes back what GET /movies/search/{id} answers: Release may be its ISO date-time; ReleaseText, ReleaseDate and comments are read-only and ignored.',
  body: Type.Object(
    {
      id: Type.Optional(ObjectIdText),
      ...movieFormFields,
      ReleaseText: Type.Optional(Type.String({ maxLength: 40, description: 'Read-only, ignored' })),
      ReleaseDate: Type.Optional(Type.String({ maxLength: 40, description: 'Read-only, ignored' })),
      Archived: Type.Optional(Type.Boolean({ description: 'Read-only, ignored (PUT /movies/archive/{id} changes it)' })),
      comments: Type.Optional(
        Type.Array(Type.Object({}), { maxItems: 1000, description: 'Read-only, ignored (comments change through /comments)' }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: MovieView, ...errors(...BODY_ERRORS, 401, 403, 404) },
};

export const deleteMovie = {
  tags,
  security: bearerAuth,
  summary:
    'Delete a movie and its comments (admin); publishes movie.deleted. Refused (409 with the counts) while a show of it not yet started has paid tickets: cancel the show first',
  params: Type.Object({ id: ObjectIdText }),
  response: { 200: MessageResponse, ...errors(400, 401, 403, 404), 409: SoldTicketsConflict },
};

export const archivedMovies = {
  tags,
  security: bearerAuth,
  summary: 'Archived movies, by title (admin)',
  response: { 200: Type.Array(MovieView), ...errors(401, 403) },
};

export const archiveMovie = {
  tags,
  security: bearerAuth,
  summary:
    'Archive a movie (hidden from the billboard, premieres, search and its page; kept for the admin and the reports; its shows stop selling) or bring it back (admin); ' +
    'publishes movie.updated. Archiving is refused (409 with the counts) while a show of it not yet started has paid tickets',
  params: Type.Object({ id: ObjectIdText }),
  body: Type.Object({ archived: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: MovieView, ...errors(...BODY_ERRORS, 401, 403, 404), 409: SoldTicketsConflict },
};
