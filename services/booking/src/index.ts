import type { ServiceDefinition } from '@cine/service-kit';
import { buildBookingApp } from './app';

export { buildBookingApp, type BookingContext } from './app';

export const bookingService: ServiceDefinition = { name: 'booking', build: buildBookingApp };
