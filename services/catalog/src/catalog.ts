import type { CommentView, CommentWithMovie, FeedbackView, MovieDetail, Page, PagingQuery, POST_SORTS } from '@cine/contracts';
import type { OutboxRelay, PaidTicketCounts, PaidTickets } from '@cine/service-kit';
import type { CommentsRepository, StoredComment } from './comments/comments-repository';
import type { CinemaMovies } from './movies/cinema-movies';
import type { FeedbackRepository, StoredFeedback } from './feedback/feedback-repository';
import { checkMovieForm, embedLink, type MovieForm, type MovieFields } from './movies/movie-rules';
import type { MoviesRepository, MovieSearch, MovieView } from './movies/movies-repository';
import { posterUrl } from './movies/posters';
import { addDays, releaseDateOf, today } from './movies/release-date';
import { seedMovies } from './movies/seed-movies';
import type { UserNames } from './users/user-names';

export type MovieWrite = { outcome: 'saved'; movie: MovieView } | { outcome: 'invalid'; message: string } | { outcome: 'not-found' };

/** A delete or archive of a movie: done, no such movie, or refused by its paid tickets of shows not yet started. */
export type MovieRemoval = { outcome: 'done'; movie: MovieView } | { outcome: 'not-found' } | ({ outcome: 'sold' } & PaidTicketCounts);

export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/**
 * The billboard and premieres as sent, for one day, of the chain and of each cinema asked for (by
 * `listingKey`); a movie change here, or a cinema's movies changing, drops them, and they are read again
 * after LISTING_MAX_AGE_MS in case another instance of the service changed a movie.
 */
interface ListingCache {
  day: string;
  readAt: number;
  listings: Map<string, string>;
}

type ListingName = 'billboard' | 'premieres';

/** A listing's cache key: its name and cinema (none: the whole chain's). */
const listingKey = (name: ListingName, cinemaId?: string) => `${name}:${cinemaId ?? ''}`;

/**
 * Most cached listings kept: one of each per cinema asked for. Only a cinema a client names is cached, and
 * `cinemaId` must be an id, so past this (a client naming random ids) the cache starts afresh.
 */
const MAX_CACHED_LISTINGS = 200;

const LISTING_MAX_AGE_MS = 30_000;

type PostListQuery = PagingQuery<(typeof POST_SORTS)[number]>;

export interface CommentListQuery extends PostListQuery {
  movieId?: string;
}

/** The catalog's use cases: movies with their rules and events, comments, feedback. */
export class Catalog {
  private listings: ListingCache = { day: '', readAt: 0, listings: new Map() };
  // Bumped by every movie change: a listing read before the change is not cached after it.
  private generation = 0;

  constructor(
    private readonly movies: MoviesRepository,
    private readonly comments: CommentsRepository,
    private readonly feedback: FeedbackRepository,
    private readonly userNames: UserNames,
    private readonly relay: OutboxRelay,
    private readonly paidTickets: PaidTickets,
    private readonly cinemaMovies: CinemaMovies,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Released movies; of a cinema, those with a show there (booking's cinema.movies-changed). */
  async billboard(cinemaId?: string): Promise<MovieView[]> {
    const released = await this.movies.releasedBy(today(this.clock()));
    if (cinemaId === undefined) return released;
    const playing = (await this.cinemaMovies.read()).of(cinemaId);
    return released.filter((movie) => playing.has(movie.id));
  }

  /**
   * Upcoming movies; of a cinema, those with a show there (a presale) and those with no show anywhere yet,
   * which are coming to the whole chain.
   */
  async premieres(cinemaId?: string): Promise<MovieView[]> {
    const upcoming = await this.movies.upcomingAfter(today(this.clock()));
    if (cinemaId === undefined) return upcoming;
    const where = await this.cinemaMovies.read();
    const playing = where.of(cinemaId);
    return upcoming.filter((movie) => playing.has(movie.id) || !where.anywhere.has(movie.id));
  }

  /**
   * The billboard as JSON text. It is read on every visit to the home page and
   * changes only with a movie, a cinema's shows or the date, so it is kept until one changes.
   */
  billboardJson(cinemaId?: string): Promise<string> {
    return this.cachedListing('billboard', cinemaId, () => this.billboard(cinemaId));
  }

  /** The premieres as JSON text, kept like the billboard. */
  premieresJson(cinemaId?: string): Promise<string> {
    return this.cachedListing('premieres', cinemaId, () => this.premieres(cinemaId));
  }

  /** Drops the cached listings (a movie changed, or which movies play at a cinema). */
  movieChanged(): void {
    this.generation += 1;
    this.listings = { day: '', readAt: 0, listings: new Map() };
  }

  search(search: MovieSearch): Promise<MovieView[]> {
    return this.movies.search(search);
  }

  /** By id, or else by exact title (ignoring case and accents), with its comments. */
  async detail(idOrTitle: string): Promise<MovieDetail | null> {
    const movie = (await this.movies.findPublicById(idOrTitle)) ?? (await this.movies.findByTitle(idOrTitle));
    if (!movie) return null;
    return { ...movie, comments: await this.commentViews(await this.comments.ofMovie(movie.id)) };
  }

  async createMovie(form: MovieForm): Promise<MovieWrite> {
    const checked = checkMovieForm(form);
    if (!checked.ok) return { outcome: 'invalid', message: checked.message };
    const movie = await this.movies.insert(checked.movie);
    this.movieChanged();
    this.relay.nudge(movie.id);
    return { outcome: 'saved', movie };
  }

  /** Fields left out keep their value; the result must pass every rule of the form. */
  async updateMovie(id: string, changes: MovieForm): Promise<MovieWrite> {
    const current = await this.movies.findById(id);
    if (!current) return { outcome: 'not-found' };
    const checked = checkMovieForm({ ...formOf(current), ...changes });
    if (!checked.ok) return { outcome: 'invalid', message: checked.message };
    const movie = await this.movies.replace(id, checked.movie, current.Archived === true);
    this.movieChanged();
    if (!movie) return { outcome: 'not-found' };
    this.relay.nudge(movie.id);
    return { outcome: 'saved', movie };
  }

  /**
   * Removes the movie and its comments, unless a show of it not yet started has paid tickets (from
   * booking's order events: cancelling the show refunds them, and then the movie can go).
   */
  async deleteMovie(id: string): Promise<MovieRemoval> {
    const movie = await this.movies.findById(id);
    if (!movie) return { outcome: 'not-found' };
    const sold = await this.paidTickets.upcoming({ movieId: movie.id }, this.clock());
    if (sold.orders > 0) return { outcome: 'sold', ...sold };
    if (!(await this.movies.markDeleted(movie))) return { outcome: 'not-found' };
    this.movieChanged();
    await this.comments.deleteOfMovie(movie.id);
    this.relay.nudge(movie.id);
    return { outcome: 'done', movie };
  }

  /**
   * Archives the movie (hidden from the site, kept for the admin and the reports; booking stops selling its
   * shows), refused like a delete while a show not yet started has paid tickets; or brings it back.
   */
  async archiveMovie(id: string, archived: boolean): Promise<MovieRemoval> {
    const movie = await this.movies.findById(id);
    if (!movie) return { outcome: 'not-found' };
    if (archived) {
      const sold = await this.paidTickets.upcoming({ movieId: movie.id }, this.clock());
      if (sold.orders > 0) return { outcome: 'sold', ...sold };
    }
    const changed = await this.movies.setArchived(movie, archived);
    if (!changed) return { outcome: 'not-found' };
    this.movieChanged();
    this.relay.nudge(movie.id);
    return { outcome: 'done', movie: changed };
  }

  /** Archived movies (the admin's grid). */
  archivedMovies(): Promise<MovieView[]> {
    return this.movies.archived();
  }

  /** The new comment, or null when the movie does not exist or is archived. */
  async addComment(movieId: string, userId: string, text: string): Promise<CommentView | null> {
    // An archived movie is off the site: nobody comments on it.
    const movie = await this.movies.findPublicById(movieId);
    if (!movie) return null;
    const comment = await this.comments.insert({ movieId: movie.id, userId, text: text.trim() });
    const [view] = await this.commentViews([comment]);
    return view as CommentView;
  }

  /** Every comment, newest first (of one movie with movieId); paged with `page`. */
  async listComments({ movieId, ...paging }: CommentListQuery): Promise<Page<CommentWithMovie> | CommentWithMovie[]> {
    const list = await this.comments.list(movieId, paging);
    if (Array.isArray(list)) return this.withMovies(list);
    return { ...list, items: await this.withMovies(list.items) };
  }

  async commentsOfUser(userId: string): Promise<CommentWithMovie[]> {
    return this.withMovies(await this.comments.ofUser(userId));
  }

  async deleteComment(id: string, caller: Caller): Promise<'deleted' | 'not-found' | 'forbidden'> {
    const comment = await this.comments.findById(id);
    if (!comment) return 'not-found';
    if (!caller.isAdmin && comment.userId !== caller.userId) return 'forbidden';
    return (await this.comments.delete(id)) ? 'deleted' : 'not-found';
  }

  async addFeedback(userId: string, text: string): Promise<FeedbackView> {
    const stored = await this.feedback.insert(userId, text.trim());
    const names = await this.userNames.of([userId]);
    return {
      id: stored._id.toHexString(),
      Text: stored.text,
      userId,
      user: { username: names.get(userId) as string },
      createdAt: stored.createdAt.toISOString(),
    };
  }

  /** Every feedback, newest first; paged with `page`. */
  async listFeedback(query: PostListQuery): Promise<Page<FeedbackView> | FeedbackView[]> {
    const list = await this.feedback.list(query);
    if (Array.isArray(list)) return this.feedbackViews(list);
    return { ...list, items: await this.feedbackViews(list.items) };
  }

  private async feedbackViews(items: StoredFeedback[]): Promise<FeedbackView[]> {
    const names = await this.userNames.of(items.map((item) => item.userId));
    return items.map((item) => ({
      id: item._id.toHexString(),
      Text: item.text,
      userId: item.userId,
      user: { username: names.get(item.userId) as string },
      createdAt: item.createdAt.toISOString(),
    }));
  }

  /** On first start (no movie ever stored): the demo catalog, released around today. */
  async seedIfEmpty(): Promise<number> {
    if (!(await this.movies.isEmpty())) return 0;
    const day = today(this.clock());
    for (const seed of seedMovies) {
      const fields: MovieFields = {
        title: seed.title,
        poster: posterUrl(seed.slug),
        rated: seed.rated,
        plot: seed.plot,
        genres: seed.genres,
        actors: seed.actors,
        director: seed.director,
        runtime: seed.runtime,
        language: seed.language,
        release: addDays(day, seed.releaseInDays),
        trailer: embedLink(seed.trailerId),
        type: seed.type,
      };
      await this.movies.insert(fields);
    }
    this.movieChanged();
    this.relay.nudge();
    return seedMovies.length;
  }

  private async cachedListing(name: ListingName, cinemaId: string | undefined, read: () => Promise<MovieView[]>): Promise<string> {
    const now = this.clock();
    const day = releaseDateOf(today(now));
    const key = listingKey(name, cinemaId);
    const fresh = this.listings.day === day && now.getTime() - this.listings.readAt < LISTING_MAX_AGE_MS;
    const cached = this.listings.listings.get(key);
    if (fresh && cached !== undefined) return cached;
    const generation = this.generation;
    const json = JSON.stringify(await read());
    if (generation === this.generation) {
      if (!fresh || this.listings.listings.size >= MAX_CACHED_LISTINGS) this.listings = { day, readAt: now.getTime(), listings: new Map() };
      this.listings.listings.set(key, json);
    }
    return json;
  }

  private async commentViews(comments: StoredComment[]): Promise<CommentView[]> {
    const names = await this.userNames.of(comments.map((comment) => comment.userId));
    return comments.map((comment) => ({
      id: comment._id.toHexString(),
      Text: comment.text,
      userId: comment.userId,
      movieId: comment.movieId,
      user: { username: names.get(comment.userId) as string },
      createdAt: comment.createdAt.toISOString(),
    }));
  }

  private async withMovies(comments: StoredComment[]): Promise<CommentWithMovie[]> {
    const views = await this.commentViews(comments);
    const titles = await this.movies.titlesOf(comments.map((comment) => comment.movieId));
    return views.map((view) => ({ ...view, movie: { id: view.movieId, Title: titles.get(view.movieId) ?? '' } }));
  }
}

function formOf(movie: MovieView): MovieForm {
  return {
    Title: movie.Title,
    Poster: movie.Poster,
    Rated: movie.Rated,
    Plot: movie.Plot,
    Genre: movie.Genre,
    Actors: movie.Actors,
    Director: movie.Director,
    Runtime: movie.Runtime,
    Language: movie.Language,
    Release: releaseDateOf(new Date(movie.Release)),
    Trailer: movie.Trailer,
    Type: movie.Type,
  };
}
