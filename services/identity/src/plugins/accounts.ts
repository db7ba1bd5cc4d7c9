import { KnownCinemas, PaidTickets, startOutboxRelay, type EventBus, type OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { PasswordHasher } from '../security/password-hasher';
import { RecoveryCodeHasher } from '../security/recovery-codes';
import { Accounts } from '../users/accounts';
import { userModel } from '../users/user-model';
import { UsersReplay } from '../users/users-replay';
import { UsersRepository } from '../users/users-repository';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    /** Publishes the users' outbox events; tests flush it to wait for them. */
    outboxRelay: OutboxRelay;
    usersReplay: UsersReplay;
  }
}

export interface AccountsPluginOptions {
  db: Connection;
  bus: EventBus;
  /** Keys the hashes of recovery codes. */
  secret: string;
}

export const accountsPlugin = fp<AccountsPluginOptions>(
  async (app, { db, bus, secret }) => {
    const model = await userModel(db);
    const relay = startOutboxRelay({ models: [model], bus, logger: app.log });
    app.addHook('onClose', () => relay.stop());
    app.decorate('outboxRelay', relay);
    const paidTickets = await PaidTickets.open(db);
    // In batches, one database command each; idempotent itself (sets and upserts), so no processed-event ids.
    await paidTickets.subscribe(bus, subscriptions.paidTickets);
    const cinemas = KnownCinemas.open(db);
    await cinemas.subscribe(bus, subscriptions.cinemas);
    const users = new UsersRepository(model);
    app.decorate('usersReplay', new UsersReplay(users, bus));
    app.decorate(
      'accounts',
      new Accounts({
        users,
        passwords: new PasswordHasher(),
        recoveryCodes: new RecoveryCodeHasher(secret),
        relay,
        paidTickets,
        bus,
        counters: app.sharedCounters,
        cinemas,
      }),
    );
  },
  { name: 'identity-accounts' },
);
