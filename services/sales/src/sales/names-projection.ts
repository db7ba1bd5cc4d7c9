import type { EventOfType } from '@cine/contracts';
import { keepName } from './sales-ledger';
import { candyNameKey, cinemaNameKey, movieNameKey, type SalesStore } from './sales-store';

/**
 * The reports show a movie's current title, a candy item's and a cinema's current name, as
 * the catalog, candy and booking services announce them (consumer 'sales.names'; a
 * deleted one keeps its last name), without calling them at read time. The cinemas
 * named here are the ones `GET /sales/cinemas` lists.
 */
export class NamesProjection {
  constructor(private readonly store: SalesStore) {}

  async handle(
    event: EventOfType<
      'movie.created' | 'movie.updated' | 'movie.deleted' | 'candy.created' | 'candy.updated' | 'candy.deleted' | 'cinema.saved'
    >,
  ): Promise<void> {
    const named =
      'movieId' in event.data
        ? { _id: movieNameKey(event.data.movieId), name: event.data.title }
        : 'cinemaId' in event.data
          ? { _id: cinemaNameKey(event.data.cinemaId), name: event.data.name }
          : { _id: candyNameKey(event.data.candyId), name: event.data.name };
    await keepName(this.store, { ...named, asOf: event.occurredAt });
  }
}
