import type { Collection, Connection } from 'mongoose';

interface PendingMoveDocument {
  /** The show's id. */
  _id: string;
  /** How many moves marked it: a later move's mark outlives the end of an earlier one's carrying. */
  moves: number;
  since: Date;
}

/** A show's move whose orders are still to be carried, as its mark says (MoveMark.moves). */
export interface MoveMark {
  showId: string;
  moves: number;
}

/**
 * Marks of shows whose move has not yet reached their orders (collection `show_moves_pending`, one small
 * document per show being moved). A move is marked before the show is written and the mark is removed once
 * its orders follow; a process that dies in between leaves the mark, and the sweep carries the orders
 * (ShowMoves.finishPending). A move whose write then fails leaves a mark whose carrying changes nothing.
 */
export class PendingShowMoves {
  private readonly marks: Collection<PendingMoveDocument>;

  constructor(db: Connection) {
    this.marks = db.collection<PendingMoveDocument>('show_moves_pending');
  }

  async mark(showId: string, now: Date): Promise<MoveMark> {
    const marked = await this.marks.findOneAndUpdate(
      { _id: showId },
      { $inc: { moves: 1 }, $set: { since: now } },
      { upsert: true, returnDocument: 'after' },
    );
    return { showId, moves: marked?.moves ?? 1 };
  }

  /** The show's orders follow this move: its mark goes, unless a later move marked the show again. */
  async done({ showId, moves }: MoveMark): Promise<void> {
    await this.marks.deleteOne({ _id: showId, moves });
  }

  /** Marks older than `before`: moves whose carrying a stopped process left, or one still under way for long. */
  async olderThan(before: Date): Promise<MoveMark[]> {
    const marks = await this.marks.find({ since: { $lt: before } }).toArray();
    return marks.map(({ _id, moves }) => ({ showId: _id, moves }));
  }
}
