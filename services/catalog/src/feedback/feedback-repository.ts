import type { Page, PagingQuery, POST_SORTS } from '@cine/contracts';
import { readList } from '@cine/service-kit';
import { Types, type Connection } from 'mongoose';

export interface StoredFeedback {
  _id: Types.ObjectId;
  userId: string;
  text: string;
  createdAt: Date;
}

/** What users tell the cinema from the home page's feedback form. */
export class FeedbackRepository {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<StoredFeedback>('feedback');
  }

  async insert(userId: string, text: string): Promise<StoredFeedback> {
    const document: StoredFeedback = { _id: new Types.ObjectId(), userId, text, createdAt: new Date() };
    await this.collection.insertOne(document);
    return document;
  }

  /** Newest first unless sorted otherwise. */
  list(paging: PagingQuery<(typeof POST_SORTS)[number]>): Promise<Page<StoredFeedback> | StoredFeedback[]> {
    return readList(this.collection, paging, { filter: {}, defaultSort: '-createdAt' });
  }
}
