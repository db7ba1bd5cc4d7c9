import type { ServiceDefinition } from '@cine/service-kit';
import { buildSalesApp } from './app';

export { buildSalesApp };

export const salesService: ServiceDefinition = { name: 'sales', build: buildSalesApp };
