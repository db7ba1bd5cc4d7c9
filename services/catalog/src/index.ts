import type { ServiceDefinition } from '@cine/service-kit';
import { buildCatalogApp } from './app';

export { buildCatalogApp };

export const catalogService: ServiceDefinition = { name: 'catalog', build: buildCatalogApp };
