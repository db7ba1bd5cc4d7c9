import type { ServiceDefinition } from '@cine/service-kit';
import { buildCatalogApp } from './app';

export { buildCatalogApp, type CatalogContext } from './app';

export const catalogService: ServiceDefinition = { name: 'catalog', build: buildCatalogApp };
