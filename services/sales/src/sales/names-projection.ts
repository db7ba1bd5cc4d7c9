import { subscribeIdempotent, type EventBus } from '@cine/service-kit';
import type { Connection } from 'mongoose';
import { keepName } from './sales-ledger';
import { candyNameKey, movieNameKey, type SalesStore } from './sales-store';

const NAMING_EVENTS = ['movie.created', 'movie.updated', 'movie.deleted', 'candy.created', 'candy.updated', 'candy.deleted'] as const;

/**
 * Consumer 'sales.names': the reports show a movie's current title and a candy
 * item's current name, as the catalog and candy services announce them (a
 * deleted one keeps its last name), without calling them at read time.
 */
export async function followNames(bus: EventBus, db: Connection, store: SalesStore): Promise<void> {
  await subscribeIdempotent(bus, db, 'sales.names', NAMING_EVENTS, async (event) => {
    const named = 'movieId' in event.data ? { _id: movieNameKey(event.data.movieId), name: event.data.title } : { _id: candyNameKey(event.data.candyId), name: event.data.name };
    await keepName(store, { ...named, asOf: event.occurredAt });
  });
}
