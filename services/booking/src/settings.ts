import {
  DEFAULT_CANCELLATION_WINDOW_MINUTES,
  DEFAULT_GIFT_CARD_MAX_CENTS,
  DEFAULT_GIFT_CARD_MIN_CENTS,
  DEFAULT_GIFT_CARD_VALID_MONTHS,
  DEFAULT_CINEMA_TIME_ZONE,
  DEFAULT_PRESALE_ADMIT_PER_MINUTE,
  DEFAULT_SEAT_STREAMS_PER_ADDRESS,
  isIanaTimeZone,
} from '@cine/contracts';
import { cinemaInfoFromEnv, positiveIntegerEnv, readEnv } from '@cine/service-kit';
import type { FirstCinemaSettings } from './cinemas/cinemas';
import { clubSettingsFromEnv, type ClubSettings } from './club/club-settings';
import { DEFAULT_COMPANION_RELEASE_MINUTES } from './shows/companion-rule';
import type { HoldLimitSettings } from './shows/hold-limits';
import { DEFAULT_DOOR_WINDOW, type DoorWindowSettings } from './tickets/door-rules';

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
  /** DOOR_OPENS_MINUTES_BEFORE (default 60) and DOOR_CLOSES_MINUTES_AFTER_END (default 0): when a show's door admits. */
  doorWindow: DoorWindowSettings;
  /** COMPANION_RELEASE_MINUTES: a companion seat is sold only with its wheelchair space until this long before the show (default 120). */
  companionReleaseMinutes: number;
  /** STRIPE_SECRET_KEY: card payments through Stripe; unset, the offline provider of Stripe's test cards. */
  stripeSecretKey: string | undefined;
  /**
   * The first cinema as an installation from before the chain configured it: CINEMA_NAME (default
   * 'Cine Centro'), CINEMA_ADDRESS, CINEMA_HOURS and CINEMA_TIME_ZONE (an IANA zone, default
   * America/Argentina/Buenos_Aires). Used when the cinema is first stored; later it is data (PUT /cinemas/{id}).
   */
  firstCinema: FirstCinemaSettings;
  /** Issue 39: GIFT_CARD_MIN_CENTS / GIFT_CARD_MAX_CENTS (a card bought online) and GIFT_CARD_VALID_MONTHS; money as CINEMA_LOCALE/CINEMA_CURRENCY. */
  giftCards: GiftCardEnvSettings;
  /** Issue 40: PRESALE_ADMIT_PER_MINUTE, buyers a presale's line admits a minute when its admin leaves admitPerMinute out (default 600). */
  presaleAdmitPerMinute: number;
  /** Issue 41: CLUB_POINTS_PER_DOLLAR, CLUB_POINT_VALUE_CENTS, CLUB_TIERS (JSON), CLUB_EXPIRY_EVERY_MS (club/club-settings.ts). */
  club: ClubSettings;
}

export interface GiftCardEnvSettings {
  minCents: number;
  maxCents: number;
  validMonths: number;
  money: { locale: string; currency: string };
}

/** The name of the first cinema when CINEMA_NAME is not set. */
const DEFAULT_FIRST_CINEMA_NAME = 'Cine Centro';

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
    doorWindow: {
      opensMinutesBefore: positiveIntegerEnv('DOOR_OPENS_MINUTES_BEFORE', DEFAULT_DOOR_WINDOW.opensMinutesBefore, 'minutes'),
      closesMinutesAfterEnd: nonNegativeMinutes('DOOR_CLOSES_MINUTES_AFTER_END', DEFAULT_DOOR_WINDOW.closesMinutesAfterEnd),
    },
    companionReleaseMinutes: nonNegativeMinutes('COMPANION_RELEASE_MINUTES', DEFAULT_COMPANION_RELEASE_MINUTES),
    stripeSecretKey: readEnv('STRIPE_SECRET_KEY'),
    firstCinema: firstCinemaFromEnv(),
    giftCards: giftCardsFromEnv(),
    presaleAdmitPerMinute: positiveIntegerEnv('PRESALE_ADMIT_PER_MINUTE', DEFAULT_PRESALE_ADMIT_PER_MINUTE, 'buyers a minute'),
    club: clubSettingsFromEnv(),
  };
}

function giftCardsFromEnv(): GiftCardEnvSettings {
  const minCents = positiveIntegerEnv('GIFT_CARD_MIN_CENTS', DEFAULT_GIFT_CARD_MIN_CENTS, 'cents');
  const maxCents = positiveIntegerEnv('GIFT_CARD_MAX_CENTS', DEFAULT_GIFT_CARD_MAX_CENTS, 'cents');
  if (maxCents < minCents) throw new Error(`GIFT_CARD_MAX_CENTS (${maxCents}) must not be below GIFT_CARD_MIN_CENTS (${minCents})`);
  const { locale, currency } = cinemaInfoFromEnv();
  return {
    minCents,
    maxCents,
    validMonths: positiveIntegerEnv('GIFT_CARD_VALID_MONTHS', DEFAULT_GIFT_CARD_VALID_MONTHS, 'months'),
    money: { locale, currency },
  };
}

function firstCinemaFromEnv(): FirstCinemaSettings {
  const info = cinemaInfoFromEnv();
  const timeZone = readEnv('CINEMA_TIME_ZONE')?.trim() || DEFAULT_CINEMA_TIME_ZONE;
  if (!isIanaTimeZone(timeZone))
    throw new Error(`CINEMA_TIME_ZONE must be an IANA time zone (e.g. America/Argentina/Buenos_Aires), not '${timeZone}'`);
  const name = readEnv('CINEMA_NAME')?.trim() ? info.name : DEFAULT_FIRST_CINEMA_NAME;
  return { name, address: info.address, hours: info.hours, timeZone };
}

/** A whole number of minutes, 0 allowed, from the environment; `fallback` when unset. */
function nonNegativeMinutes(key: string, fallback: number): number {
  const text = readEnv(key);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a whole number of minutes (0 or more), not '${text}'`);
  return value;
}
