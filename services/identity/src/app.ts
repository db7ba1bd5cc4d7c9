import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';
import { accountsPlugin } from './plugins/accounts';
import { currentUserPlugin } from './plugins/current-user';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import mailingRoutes from './routes/mailing';
import { adminAccountFromEnv, managerAccountFromEnv, type AdminAccount, type SeededManager } from './settings';

export interface IdentityContext extends ServiceContext {
  /** The seeded admin account; ADMIN_EMAIL / ADMIN_PASSWORD (or their defaults) when absent. */
  admin?: AdminAccount;
  /** The manager seeded with a fresh installation; MANAGER_EMAIL / MANAGER_PASSWORD (or their defaults) when absent; null: none. */
  manager?: SeededManager | null;
}

/** Identity: accounts, login and tokens, the admin's user management, password recovery. */
export async function buildIdentityApp(context: IdentityContext): Promise<ServiceApp> {
  const app = await createServiceApp(context);

  await app.register(accountsPlugin, { db: context.db, bus: context.bus, secret: context.config.jwtSecret });
  await app.register(currentUserPlugin);

  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(mailingRoutes, { prefix: '/mailing' });

  // A fresh installation (no user yet) also gets a manager of a seeded cinema, as booking seeds the cinemas.
  const fresh = !(await app.accounts.users.anyStored());
  await app.accounts.ensureAdmin(context.admin ?? adminAccountFromEnv());
  const manager = context.manager === undefined ? managerAccountFromEnv() : context.manager;
  if (fresh && manager) await app.accounts.seedManager(manager);
  return app;
}
