import { DEFAULT_CANCELLATION_WINDOW_MINUTES, DEFAULT_SEAT_STREAMS_PER_ADDRESS } from '@cine/contracts';
import { positiveIntegerEnv, readEnv } from '@cine/service-kit';
import type { HoldLimitSettings } from './shows/hold-limits';

const DEFAULT_HOLD_MINUTES = 10;
const DEFAULT_HELD_SEATS_PER_ADDRESS = 20;

/** Booking's own settings, read from the environment once when the service is built (README, "Configuration"). */
export interface BookingSettings {
  /** HOLD_MINUTES: how long held seats wait for payment (default 10). */
  holdMinutes: number;
  /** MAX_HELD_SEATS_PER_ADDRESS (default 20) and HOLD_MAX_MINUTES (default twice HOLD_MINUTES, never less). */
  holdLimits: HoldLimitSettings;
  /** MAX_SEAT_STREAMS_PER_ADDRESS: live seat maps open at once from one client (default 20). */
  seatStreamsPerAddress: number;
  /** CANCELLATION_WINDOW_MINUTES: buyers cancel up to this long before the show (default 120). */
  cancellationWindowMinutes: number;
  /** STRIPE_SECRET_KEY: card payments through Stripe; unset, the offline provider of Stripe's test cards. */
  stripeSecretKey: string | undefined;
}

/** A value that is not a positive whole number stops the start, naming the variable. */
export function bookingSettingsFromEnv(): BookingSettings {
  const holdMinutes = positiveIntegerEnv('HOLD_MINUTES', DEFAULT_HOLD_MINUTES, 'minutes');
  return {
    holdMinutes,
    holdLimits: {
      perAddress: positiveIntegerEnv('MAX_HELD_SEATS_PER_ADDRESS', DEFAULT_HELD_SEATS_PER_ADDRESS, 'seats'),
      maxMinutes: Math.max(holdMinutes, positiveIntegerEnv('HOLD_MAX_MINUTES', 2 * holdMinutes, 'minutes')),
    },
    seatStreamsPerAddress: positiveIntegerEnv('MAX_SEAT_STREAMS_PER_ADDRESS', DEFAULT_SEAT_STREAMS_PER_ADDRESS, 'streams'),
    cancellationWindowMinutes: positiveIntegerEnv('CANCELLATION_WINDOW_MINUTES', DEFAULT_CANCELLATION_WINDOW_MINUTES, 'minutes'),
    stripeSecretKey: readEnv('STRIPE_SECRET_KEY'),
  };
}
