import { isObjectIdText, type Page, type PagingQuery, type POST_SORTS } from '@cine/contracts';
import { readList } from '@cine/service-kit';
import { Types, type Connection } from 'mongoose';

export interface StoredComment {
  _id: Types.ObjectId;
  movieId: string;
  userId: string;
  text: string;
  createdAt: Date;
}

export interface NewComment {
  movieId: string;
  userId: string;
  text: string;
}

/** Comments on movies; each names its movie and author by id. */
export class CommentsRepository {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<StoredComment>('comments');
  }

  /** Comentarios' filter by movie, newest first (FerretDB's SQLite backend uses only _id's; MongoDB this). */
  async createIndexes(): Promise<void> {
    await this.collection.createIndex({ movieId: 1, createdAt: -1, _id: -1 });
  }

  async insert(comment: NewComment): Promise<StoredComment> {
    const document: StoredComment = { _id: new Types.ObjectId(), ...comment, createdAt: new Date() };
    await this.collection.insertOne(document);
    return document;
  }

  async findById(id: string): Promise<StoredComment | null> {
    return isObjectIdText(id) ? this.collection.findOne({ _id: new Types.ObjectId(id) }) : null;
  }

  /** Newest first unless sorted otherwise; of one movie when given. */
  list(movieId: string | undefined, paging: PagingQuery<(typeof POST_SORTS)[number]>): Promise<Page<StoredComment> | StoredComment[]> {
    return readList(this.collection, paging, { filter: movieId ? { movieId } : {}, defaultSort: '-createdAt' });
  }

  /** Oldest first, as a conversation reads. */
  async ofMovie(movieId: string): Promise<StoredComment[]> {
    return this.collection.find({ movieId }).sort({ createdAt: 1, _id: 1 }).toArray();
  }

  async ofUser(userId: string): Promise<StoredComment[]> {
    return this.collection.find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.collection.deleteOne({ _id: new Types.ObjectId(id) });
    return result.deletedCount === 1;
  }

  async deleteOfMovie(movieId: string): Promise<number> {
    return (await this.collection.deleteMany({ movieId })).deletedCount;
  }
}
