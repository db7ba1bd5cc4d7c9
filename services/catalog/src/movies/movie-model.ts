import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { Rated, ShowType } from '@cine/contracts';

export interface MovieDocument extends WithOutbox {
  _id: Types.ObjectId;
  title: string;
  /** searchKey(title): lets a search ignore case and accents. */
  titleKey: string;
  poster: string;
  rated: Rated;
  plot: string;
  genres: string[];
  /** searchKey of the genres joined by ', ': a genre search matches part of it. */
  genreKey: string;
  actors: string;
  director: string;
  runtime: number;
  language: string;
  /** 00:00 UTC of the release day. */
  release: Date;
  trailer: string;
  type: ShowType;
  /** Set on deletion: the document stays as a tombstone carrying the movie.deleted event. */
  deletedAt?: Date;
  /** Set while archived: hidden from the public listings, search and page; kept for the admin and the reports. */
  archivedAt?: Date;
}

const movieSchema = new Schema<MovieDocument>(
  {
    title: { type: String, required: true },
    titleKey: { type: String, required: true },
    poster: { type: String, required: true },
    rated: { type: String, required: true },
    plot: { type: String, required: true },
    genres: { type: [String], required: true },
    genreKey: { type: String, required: true },
    actors: { type: String, required: true },
    director: { type: String, required: true },
    runtime: { type: Number, required: true },
    language: { type: String, required: true },
    release: { type: Date, required: true },
    trailer: { type: String, required: true },
    type: { type: String, required: true },
    deletedAt: { type: Date, required: false },
    archivedAt: { type: Date, required: false },
  },
  { collection: 'movies', timestamps: true, autoIndex: false },
);
movieSchema.index({ release: 1 });
movieSchema.plugin(outboxPlugin);

export async function movieModel(db: Connection): Promise<Model<MovieDocument>> {
  const model = (db.models.Movie as Model<MovieDocument> | undefined) ?? db.model<MovieDocument>('Movie', movieSchema);
  await model.createIndexes();
  return model;
}
