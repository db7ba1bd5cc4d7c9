import type { ServiceDefinition } from '@cine/service-kit';
import { buildCandyApp } from './app';

export { buildCandyApp };

export const candyService: ServiceDefinition = { name: 'candy', build: buildCandyApp };
