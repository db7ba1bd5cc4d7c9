import { Schema, type Connection, type Model } from 'mongoose';

interface SubscriptionDocument {
  /** Lowercase; unique. */
  email: string;
  subscribedAt: Date;
}

const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    subscribedAt: { type: Date, required: true },
  },
  { collection: 'newsletter_subscriptions', autoIndex: false },
);
subscriptionSchema.index({ email: 1 }, { unique: true });

const DUPLICATE_KEY = 11000;

export class NewsletterSubscriptions {
  private constructor(private readonly model: Model<SubscriptionDocument>) {}

  static async open(db: Connection): Promise<NewsletterSubscriptions> {
    const model =
      (db.models.NewsletterSubscription as Model<SubscriptionDocument> | undefined) ??
      db.model<SubscriptionDocument>('NewsletterSubscription', subscriptionSchema);
    await model.createIndexes();
    return new NewsletterSubscriptions(model);
  }

  /** False when the address was already subscribed (nothing is stored twice). */
  async add(email: string): Promise<boolean> {
    try {
      await this.model.create({ email: normalizeEmail(email), subscribedAt: new Date() });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async remove(email: string): Promise<void> {
    await this.model.deleteOne({ email: normalizeEmail(email) });
  }

  async count(email: string): Promise<number> {
    return this.model.countDocuments({ email: normalizeEmail(email) });
  }
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
