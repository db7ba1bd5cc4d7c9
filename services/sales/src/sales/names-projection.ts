import type { EventOfType } from '@cine/contracts';
import { keepName } from './sales-ledger';
import { candyNameKey, movieNameKey, type SalesStore } from './sales-store';

/**
 * The reports show a movie's current title and a candy item's current name, as
 * the catalog and candy services announce them (consumer 'sales.names'; a
 * deleted one keeps its last name), without calling them at read time.
 */
export class NamesProjection {
  constructor(private readonly store: SalesStore) {}

  async handle(
    event: EventOfType<'movie.created' | 'movie.updated' | 'movie.deleted' | 'candy.created' | 'candy.updated' | 'candy.deleted'>,
  ): Promise<void> {
    const named =
      'movieId' in event.data
        ? { _id: movieNameKey(event.data.movieId), name: event.data.title }
        : { _id: candyNameKey(event.data.candyId), name: event.data.name };
    await keepName(this.store, { ...named, asOf: event.occurredAt });
  }
}
