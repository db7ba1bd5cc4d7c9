import { type CineEvent, genreKey, isObjectIdText, type MovieFacts, type MovieView } from '@cine/contracts';

export type { MovieView };
import { createEvent, escapeRegex, searchKey } from '@cine/service-kit';
import { Types, type Model } from 'mongoose';
import type { MovieDocument } from './movie-model';
import type { MovieFields } from './movie-rules';
import { releaseDateOf, releaseTextOf } from './release-date';

export interface MovieSearch {
  name?: string;
  genre?: string;
}

type StoredMovie = Omit<MovieDocument, 'outbox'>;

const ACTIVE = { deletedAt: { $exists: false } };
/** What the public site shows: not deleted, not archived. */
const PUBLIC = { ...ACTIVE, archivedAt: { $exists: false } };
const VIEW_FIELDS = { outbox: 0, titleKey: 0, genreKey: 0 };

function toMovieView(movie: StoredMovie): MovieView {
  return {
    id: movie._id.toHexString(),
    Title: movie.title,
    Poster: movie.poster,
    Rated: movie.rated,
    Plot: movie.plot,
    Genre: movie.genres.join(', '),
    Actors: movie.actors,
    Director: movie.director,
    Runtime: movie.runtime,
    Language: movie.language,
    Release: movie.release.toISOString(),
    ReleaseText: releaseTextOf(movie.release),
    ReleaseDate: releaseDateOf(movie.release),
    Trailer: movie.trailer,
    Type: movie.type,
    ...(movie.archivedAt ? { Archived: true } : {}),
  };
}

function factsOf(id: string, movie: Pick<MovieFields, 'title' | 'runtime' | 'type' | 'release'>, archived = false): MovieFacts {
  return {
    movieId: id,
    title: movie.title,
    runtime: movie.runtime,
    type: movie.type,
    release: releaseDateOf(movie.release),
    ...(archived ? { archived: true as const } : {}),
  };
}

/** The facts of a movie as the API shows it. */
function factsOfView(movie: MovieView): MovieFacts {
  return factsOf(
    movie.id,
    { title: movie.Title, runtime: movie.Runtime, type: movie.Type as MovieFields['type'], release: new Date(movie.Release) },
    movie.Archived === true,
  );
}

function stored(movie: MovieFields) {
  return { ...movie, titleKey: searchKey(movie.title), genreKey: movie.genres.map(searchKey).join(', ') };
}

/**
 * Every read and write of the movies collection. Writes carry their
 * movie.* event into the document's outbox in the same write.
 */
export class MoviesRepository {
  constructor(private readonly model: Model<MovieDocument>) {}

  async isEmpty(): Promise<boolean> {
    return (await this.model.countDocuments({})) === 0;
  }

  /** The movie, archived or not (the admin's reads and writes). */
  async findById(id: string): Promise<MovieView | null> {
    if (!isObjectIdText(id)) return null;
    const movie = await this.model.findOne({ _id: id, ...ACTIVE }, VIEW_FIELDS).lean<StoredMovie>();
    return movie ? toMovieView(movie) : null;
  }

  /** The movie unless archived (the public page). */
  async findPublicById(id: string): Promise<MovieView | null> {
    if (!isObjectIdText(id)) return null;
    const movie = await this.model.findOne({ _id: id, ...PUBLIC }, VIEW_FIELDS).lean<StoredMovie>();
    return movie ? toMovieView(movie) : null;
  }

  /** The public movie whose title is this one, ignoring case and accents. */
  async findByTitle(title: string): Promise<MovieView | null> {
    const movie = await this.model
      .findOne({ titleKey: searchKey(title), ...PUBLIC }, VIEW_FIELDS)
      .sort({ _id: 1 })
      .lean<StoredMovie>();
    return movie ? toMovieView(movie) : null;
  }

  /** Title of each existing movie among the ids. */
  async titlesOf(ids: Iterable<string>): Promise<Map<string, string>> {
    const valid = [...new Set(ids)].filter(isObjectIdText);
    const movies = await this.model
      .find({ _id: { $in: valid }, ...ACTIVE }, { title: 1 })
      .lean<Array<Pick<StoredMovie, '_id' | 'title'>>>();
    return new Map(movies.map((movie) => [movie._id.toHexString(), movie.title]));
  }

  /** Released on or before `day`, newest first. */
  async releasedBy(day: Date): Promise<MovieView[]> {
    return this.list({ release: { $lte: day } }, { release: -1, _id: 1 });
  }

  /** Released after `day`, soonest first. */
  async upcomingAfter(day: Date): Promise<MovieView[]> {
    return this.list({ release: { $gt: day } }, { release: 1, _id: 1 });
  }

  /** Title and genre contain the given texts, ignoring case and accents (a genre under either spelling: 'Aventuras' finds 'Aventura'); both are literal text. */
  async search({ name, genre }: MovieSearch): Promise<MovieView[]> {
    const filter: Record<string, unknown> = {};
    if (name !== undefined) filter.titleKey = { $regex: escapeRegex(searchKey(name)) };
    if (genre !== undefined) filter.genreKey = { $regex: escapeRegex(genreKey(genre)) };
    return this.list(filter, { title: 1, _id: 1 });
  }

  async insert(movie: MovieFields): Promise<MovieView> {
    const id = new Types.ObjectId();
    const event = createEvent('movie.created', factsOf(id.toHexString(), movie));
    await this.model.create({ _id: id, ...stored(movie), outbox: [event] });
    return (await this.findById(id.toHexString())) as MovieView;
  }

  /** Archived movies, by title (the admin's grid). */
  async archived(): Promise<MovieView[]> {
    const movies = await this.model
      .find({ ...ACTIVE, archivedAt: { $exists: true } }, VIEW_FIELDS)
      .sort({ title: 1, _id: 1 })
      .lean<StoredMovie[]>();
    return movies.map(toMovieView);
  }

  /** Archives (or brings back) the movie, with its movie.updated; the movie as it is now, or null when there is none. */
  async setArchived(movie: MovieView, archived: boolean): Promise<MovieView | null> {
    const event = createEvent('movie.updated', factsOfView({ ...movie, Archived: archived }));
    const change = archived ? { $set: { archivedAt: new Date() } } : { $unset: { archivedAt: '' } };
    const result = await this.model.updateOne({ _id: movie.id, ...ACTIVE }, { ...change, $push: { outbox: event } });
    return result.matchedCount === 1 ? this.findById(movie.id) : null;
  }

  /** The updated movie, or null when there is no such movie (`archived`: it stays archived, as its event says). */
  async replace(id: string, movie: MovieFields, archived = false): Promise<MovieView | null> {
    if (!isObjectIdText(id)) return null;
    const event = createEvent('movie.updated', factsOf(id, movie, archived));
    const result = await this.model.updateOne({ _id: id, ...ACTIVE }, { $set: stored(movie), $push: { outbox: event } });
    return result.matchedCount === 1 ? this.findById(id) : null;
  }

  /** Turns the movie into a tombstone carrying movie.deleted; false when there is no such movie. */
  async markDeleted(movie: MovieView): Promise<boolean> {
    const event: CineEvent = createEvent('movie.deleted', factsOfView(movie));
    const result = await this.model.updateOne({ _id: movie.id, ...ACTIVE }, { $set: { deletedAt: new Date() }, $push: { outbox: event } });
    return result.matchedCount === 1;
  }

  private async list(filter: object, sort: Record<string, 1 | -1>): Promise<MovieView[]> {
    const movies = await this.model
      .find({ ...filter, ...PUBLIC }, VIEW_FIELDS)
      .sort(sort)
      .lean<StoredMovie[]>();
    return movies.map(toMovieView);
  }
}
