import { PaidTickets, startOutboxRelay, subscribeTo, type EventBus, type OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { Catalog } from '../catalog';
import { CommentsRepository } from '../comments/comments-repository';
import { CinemaMovies } from '../movies/cinema-movies';
import { FeedbackRepository } from '../feedback/feedback-repository';
import { movieModel } from '../movies/movie-model';
import { MoviesRepository } from '../movies/movies-repository';
import { ImageStore } from '../uploads/image-store';
import { subscriptions } from '../subscriptions';
import { UserNames } from '../users/user-names';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: Catalog;
    images: ImageStore;
    /** Publishes the movies' outbox events; tests flush it to wait for them. */
    outboxRelay: OutboxRelay;
  }
}

export interface CatalogPluginOptions {
  db: Connection;
  bus: EventBus;
  clock?: () => Date;
}

export const catalogPlugin = fp<CatalogPluginOptions>(
  async (app, { db, bus, clock }) => {
    const model = await movieModel(db);
    const relay = startOutboxRelay({ models: [model], bus, logger: app.log });
    app.addHook('onClose', () => relay.stop());
    app.decorate('outboxRelay', relay);

    const userNames = new UserNames(db);
    await subscribeTo(bus, db, subscriptions.users, (event) => userNames.handle(event));
    const paidTickets = await PaidTickets.open(db);
    // In batches, one database command each; idempotent itself (sets and upserts), so no processed-event ids.
    await paidTickets.subscribe(bus, subscriptions.paidTickets);

    const comments = new CommentsRepository(db);
    await comments.createIndexes();
    const cinemaMovies = CinemaMovies.open(db);
    const catalog = new Catalog(
      new MoviesRepository(model),
      comments,
      new FeedbackRepository(db),
      userNames,
      relay,
      paidTickets,
      cinemaMovies,
      clock,
    );
    // Which movies play where (booking): the listings of `?cinemaId=` are read again after each change.
    await cinemaMovies.subscribe(bus, subscriptions.cinemaMovies, () => catalog.movieChanged());
    app.decorate('catalog', catalog);
    app.decorate('images', new ImageStore(db));
  },
  { name: 'catalog' },
);
