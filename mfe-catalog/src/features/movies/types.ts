/** A movie as the catalog API answers it (field names are the API's). */
export interface Movie {
  id: string;
  Title: string;
  Poster: string;
  Rated: string;
  Plot: string;
  /** Comma-separated genres, e.g. 'Animación, Aventura'. */
  Genre: string;
  Actors: string;
  Director: string;
  /** Minutes. */
  Runtime: number;
  Language: string;
  /** ISO date-time. */
  Release: string;
  /** '12 Mar 2026' */
  ReleaseText: string;
  /** '2026-03-12' */
  ReleaseDate: string;
  /** YouTube embed URL. */
  Trailer: string;
  Type: string;
}

export interface MovieComment {
  id: string;
  Text: string;
  userId: string;
  user?: { username: string } | null;
}

export interface MovieDetail extends Movie {
  comments: MovieComment[];
}
