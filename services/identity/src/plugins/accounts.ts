import type { EventBus, OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { PasswordHasher } from '../security/password-hasher';
import { RecoveryCodeHasher } from '../security/recovery-codes';
import { Accounts } from '../users/accounts';
import { DocumentLock } from '../users/document-lock';
import { userModel } from '../users/user-model';
import { startUsersOutboxRelay } from '../users/users-outbox-relay';
import { UsersRepository } from '../users/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    /** Publishes the users' outbox events; tests flush it to wait for them. */
    outboxRelay: OutboxRelay;
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
    const lock = new DocumentLock();
    const relay = startUsersOutboxRelay({ model, bus, lock, logger: app.log });
    app.addHook('onClose', () => relay.stop());
    app.decorate('outboxRelay', relay);
    app.decorate(
      'accounts',
      new Accounts({
        users: new UsersRepository(model, lock),
        passwords: new PasswordHasher(),
        recoveryCodes: new RecoveryCodeHasher(secret),
        relay,
      }),
    );
  },
  { name: 'identity-accounts' },
);
