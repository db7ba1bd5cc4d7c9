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

  async all(): Promise<StoredFeedback[]> {
    return this.collection.find().sort({ createdAt: -1, _id: -1 }).toArray();
  }
}
