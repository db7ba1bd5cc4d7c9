import type { ServiceDefinition } from '@cine/service-kit';
import { buildCandyApp } from './app';

export { buildCandyApp };
export { CandyMessages } from './candy/candy-rules';
export { pictureUrl } from './candy/pictures';

export const candyService: ServiceDefinition = { name: 'candy', build: buildCandyApp };
