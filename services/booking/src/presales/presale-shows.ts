import type { Connection } from 'mongoose';

/**
 * Which presale each show is behind (issue 40), one document per show keyed by the show's id: the presale
 * gate asks it on every hold and checkout, so it is read by `_id` only — the one filter FerretDB answers
 * without reading every document (a query of `presales` by `showIds` reads every presale ever made).
 * Written when a presale is created, before the presale itself (a crash between leaves an entry naming no
 * presale, which gates nothing); an entry of a presale since closed is dropped by the gate when it meets it,
 * and a later presale of the show writes over it.
 */
export interface PresaleShowEntry {
  /** The show's id, in lower case. */
  _id: string;
  presaleId: string;
  /** When it was written. */
  at: Date;
}

const PRESALE_SHOWS_COLLECTION = 'presale_shows';

export function presaleShows(db: Connection) {
  return db.collection<PresaleShowEntry>(PRESALE_SHOWS_COLLECTION);
}

/** The shows are the presale's from now on (one write for all of them). */
export async function markPresaleShows(db: Connection, presaleId: string, showIds: readonly string[], now: Date): Promise<void> {
  if (showIds.length === 0) return;
  await presaleShows(db).bulkWrite(
    showIds.map((showId) => ({
      updateOne: { filter: { _id: showId.toLowerCase() }, update: { $set: { presaleId, at: now } }, upsert: true },
    })),
    { ordered: false },
  );
}
