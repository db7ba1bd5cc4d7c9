import type { ServiceDefinition } from '@cine/service-kit';
import { buildIdentityApp } from './app';

export const identityService: ServiceDefinition = { name: 'identity', build: buildIdentityApp };

export { buildIdentityApp, type IdentityContext } from './app';
export {
  adminAccountFromEnv,
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_MANAGER_EMAIL,
  DEFAULT_MANAGER_PASSWORD,
  managerAccountFromEnv,
  type AdminAccount,
} from './settings';
