import type { ServiceDefinition } from '@cine/service-kit';
import { buildBookingApp } from './app';

export { buildBookingApp };

export const bookingService: ServiceDefinition = { name: 'booking', build: buildBookingApp };
