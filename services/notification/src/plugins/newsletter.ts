import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { NewsletterSubscriptions } from '../newsletter/subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: NewsletterSubscriptions;
  }
}

export const newsletterPlugin = fp<{ db: Connection }>(
  async (app, { db }) => {
    app.decorate('newsletter', await NewsletterSubscriptions.open(db));
  },
  { name: 'notification-newsletter' },
);
