import type { MovieView } from '@cine/contracts';

/** A movie as the catalog API answers it (field names are the API's). */
export type Movie = MovieView;

export interface MovieComment {
  id: string;
  Text: string;
  userId: string;
  user?: { username: string } | null;
}

export interface MovieDetail extends Movie {
  comments: MovieComment[];
}
