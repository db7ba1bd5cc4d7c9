import { createHash, randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { mailboxKey } from '@cine/service-kit';

interface SubscriptionDocument {
  /** Lowercase; unique. */
  email: string;
  subscribedAt: Date;
}

/** A subscription asked for and not yet confirmed: the mailed link's token, kept as its hash. */
interface ConfirmationDocument {
  /** Lowercase; unique: a new request replaces the address's earlier link. */
  email: string;
  tokenHash: string;
  expiresAt: Date;
}

const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    subscribedAt: { type: Date, required: true },
  },
  { collection: 'newsletter_subscriptions', autoIndex: false },
);
subscriptionSchema.index({ email: 1 }, { unique: true });

const confirmationSchema = new Schema<ConfirmationDocument>(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'newsletter_confirmations', autoIndex: false },
);
confirmationSchema.index({ email: 1 }, { unique: true });
confirmationSchema.index({ tokenHash: 1 }, { unique: true });

const DUPLICATE_KEY = 11000;

/** A confirmation token: 256 random bits, 43 characters of base64url. */
export const CONFIRMATION_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
const confirmationToken = new RegExp(CONFIRMATION_TOKEN_PATTERN);
export const isConfirmationToken = (text: string) => confirmationToken.test(text);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type ConfirmationRequest = { outcome: 'already-subscribed' } | { outcome: 'confirmation-needed'; token: string };

/**
 * The newsletter's double opt-in: an address is subscribed only once the link
 * mailed to it has been followed, so nobody subscribes someone else.
 */
export class NewsletterSubscriptions {
  private constructor(
    private readonly subscriptions: Model<SubscriptionDocument>,
    private readonly confirmations: Model<ConfirmationDocument>,
  ) {}

  static async open(db: Connection): Promise<NewsletterSubscriptions> {
    const subscriptions =
      (db.models.NewsletterSubscription as Model<SubscriptionDocument> | undefined) ??
      db.model<SubscriptionDocument>('NewsletterSubscription', subscriptionSchema);
    const confirmations =
      (db.models.NewsletterConfirmation as Model<ConfirmationDocument> | undefined) ??
      db.model<ConfirmationDocument>('NewsletterConfirmation', confirmationSchema);
    await subscriptions.createIndexes();
    await confirmations.createIndexes();
    return new NewsletterSubscriptions(subscriptions, confirmations);
  }

  /** A fresh link token for the address (replacing an earlier one), unless it is subscribed already. */
  async requestConfirmation(email: string, ttlMs: number): Promise<ConfirmationRequest> {
    const address = normalizeEmail(email);
    if (await this.subscriptions.exists({ email: address })) return { outcome: 'already-subscribed' };
    const token = randomBytes(32).toString('base64url');
    await this.confirmations.updateOne(
      { email: address },
      { $set: { tokenHash: hashOf(token), expiresAt: new Date(Date.now() + ttlMs) } },
      { upsert: true },
    );
    return { outcome: 'confirmation-needed', token };
  }

  /** Forgets a link that could not be mailed, so the next request starts afresh. */
  async withdrawConfirmation(token: string): Promise<void> {
    await this.confirmations.deleteOne({ tokenHash: hashOf(token) });
  }

  /** The address a valid, unexpired link token would subscribe, else undefined. Changes nothing. */
  async pendingAddress(token: string): Promise<string | undefined> {
    const pending = await this.confirmations.findOne({ tokenHash: hashOf(token), expiresAt: { $gt: new Date() } }).lean();
    return pending?.email;
  }

  /** Subscribes the link's address and uses the token up; undefined for an unknown, used or expired token. */
  async confirm(token: string): Promise<string | undefined> {
    const pending = await this.confirmations.findOneAndDelete({ tokenHash: hashOf(token) }).lean();
    if (!pending || pending.expiresAt.getTime() <= Date.now()) return undefined;
    try {
      await this.subscriptions.create({ email: pending.email, subscribedAt: new Date() });
    } catch (error) {
      // Confirmed twice at once (two clicks): one subscription, and both answers say so.
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
    }
    return pending.email;
  }

  async count(email: string): Promise<number> {
    return this.subscriptions.countDocuments({ email: normalizeEmail(email) });
  }
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The mailbox an address reaches, for the per-address limit (the kit's rule, shared with identity's recovery codes). */
export const mailboxOf = mailboxKey;
