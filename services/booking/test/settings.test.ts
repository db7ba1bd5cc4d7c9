import { DEFAULT_CINEMA, DEFAULT_CLUB_TIERS } from '@cine/contracts';
import { bookingSettingsFromEnv } from '../src/settings';

const variables = [
  'HOLD_MINUTES',
  'HOLD_MAX_MINUTES',
  'MAX_HELD_SEATS_PER_ADDRESS',
  'MAX_SEAT_STREAMS_PER_ADDRESS',
  'CANCELLATION_WINDOW_MINUTES',
  'DOOR_OPENS_MINUTES_BEFORE',
  'DOOR_CLOSES_MINUTES_AFTER_END',
  'COMPANION_RELEASE_MINUTES',
  'STRIPE_SECRET_KEY',
  'CINEMA_NAME',
  'CINEMA_ADDRESS',
  'CINEMA_HOURS',
  'CINEMA_TIME_ZONE',
  'CINEMA_LOCALE',
  'CINEMA_CURRENCY',
  'GIFT_CARD_MIN_CENTS',
  'GIFT_CARD_MAX_CENTS',
  'GIFT_CARD_VALID_MONTHS',
  'PRESALE_ADMIT_PER_MINUTE',
  'CLUB_POINTS_PER_DOLLAR',
  'CLUB_POINT_VALUE_CENTS',
  'CLUB_TIERS',
  'CLUB_EXPIRY_EVERY_MS',
] as const;

describe("booking's settings from the environment", () => {
  const saved = Object.fromEntries(variables.map((key) => [key, process.env[key]]));
  beforeEach(() => {
    for (const key of variables) delete process.env[key];
  });
  afterAll(() => {
    for (const key of variables) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('defaults: holds of 10 minutes renewed up to 20, 20 seats and 20 seat maps per client address, cancellations up to 120 minutes before, the door open from an hour before to the end, companion seats released 2 h before, no Stripe key', () => {
    expect(bookingSettingsFromEnv()).toEqual({
      holdMinutes: 10,
      holdLimits: { perAddress: 20, maxMinutes: 20 },
      seatStreamsPerAddress: 20,
      cancellationWindowMinutes: 120,
      doorWindow: { opensMinutesBefore: 60, closesMinutesAfterEnd: 0 },
      companionReleaseMinutes: 120,
      stripeSecretKey: undefined,
      // Issue 38: the first cinema, as stored on the first start.
      firstCinema: {
        name: 'Cine Centro',
        address: DEFAULT_CINEMA.address,
        hours: DEFAULT_CINEMA.hours,
        timeZone: 'America/Argentina/Buenos_Aires',
      },
      // Issue 39: a card bought online from $ 10,00 to $ 1.000,00, valid 12 months, in the site's money.
      giftCards: {
        minCents: 1_000,
        maxCents: 100_000,
        validMonths: 12,
        money: { locale: DEFAULT_CINEMA.locale, currency: DEFAULT_CINEMA.currency },
      },
      // Issue 40: a presale's line admits 600 buyers a minute when its admin sets no rate.
      presaleAdmitPerMinute: 600,
      // Issue 41: a point a dollar, a cent a point, the seeded tiers, points expired hourly.
      club: { pointsPerDollar: 1, pointValueCents: 1, tiers: DEFAULT_CLUB_TIERS, expiryEveryMs: 3_600_000 },
    });
  });

  it('reads each variable; HOLD_MAX_MINUTES defaults to twice HOLD_MINUTES and is never shorter than it', () => {
    Object.assign(process.env, {
      HOLD_MINUTES: '4',
      MAX_HELD_SEATS_PER_ADDRESS: '6',
      MAX_SEAT_STREAMS_PER_ADDRESS: '3',
      CANCELLATION_WINDOW_MINUTES: '30',
      DOOR_OPENS_MINUTES_BEFORE: '45',
      DOOR_CLOSES_MINUTES_AFTER_END: '15',
      COMPANION_RELEASE_MINUTES: '90',
      STRIPE_SECRET_KEY: 'sk_test_x',
      CINEMA_NAME: 'Cine Lumière',
      CINEMA_ADDRESS: '18 de Julio 1234, Montevideo',
      CINEMA_HOURS: 'De 14 a 24',
      CINEMA_TIME_ZONE: 'America/Montevideo',
      CINEMA_LOCALE: 'es-UY',
      CINEMA_CURRENCY: 'uyu',
      GIFT_CARD_MIN_CENTS: '50000',
      GIFT_CARD_MAX_CENTS: '5000000',
      GIFT_CARD_VALID_MONTHS: '24',
      PRESALE_ADMIT_PER_MINUTE: '120',
      CLUB_POINTS_PER_DOLLAR: '2.5',
      CLUB_POINT_VALUE_CENTS: '2',
      CLUB_TIERS: '[{"id":"a","name":"Amigo","minVisits":0,"candyDiscountPercent":5,"presalePriority":true}]',
      CLUB_EXPIRY_EVERY_MS: '60000',
    });
    expect(bookingSettingsFromEnv()).toEqual({
      holdMinutes: 4,
      holdLimits: { perAddress: 6, maxMinutes: 8 },
      seatStreamsPerAddress: 3,
      cancellationWindowMinutes: 30,
      doorWindow: { opensMinutesBefore: 45, closesMinutesAfterEnd: 15 },
      companionReleaseMinutes: 90,
      stripeSecretKey: 'sk_test_x',
      firstCinema: { name: 'Cine Lumière', address: '18 de Julio 1234, Montevideo', hours: 'De 14 a 24', timeZone: 'America/Montevideo' },
      giftCards: { minCents: 50_000, maxCents: 5_000_000, validMonths: 24, money: { locale: 'es-UY', currency: 'UYU' } },
      presaleAdmitPerMinute: 120,
      club: {
        pointsPerDollar: 2.5,
        pointValueCents: 2,
        tiers: [{ id: 'a', name: 'Amigo', minVisits: 0, candyDiscountPercent: 5, presalePriority: true }],
        expiryEveryMs: 60_000,
      },
    });
    process.env.HOLD_MAX_MINUTES = '2';
    expect(bookingSettingsFromEnv().holdLimits.maxMinutes).toBe(4);
  });

  it.each([
    ['HOLD_MINUTES', '0', "HOLD_MINUTES must be a positive whole number of minutes, not '0'"],
    ['HOLD_MAX_MINUTES', '1.5', "HOLD_MAX_MINUTES must be a positive whole number of minutes, not '1.5'"],
    ['MAX_HELD_SEATS_PER_ADDRESS', 'veinte', "MAX_HELD_SEATS_PER_ADDRESS must be a positive whole number of seats, not 'veinte'"],
    ['CANCELLATION_WINDOW_MINUTES', '-5', "CANCELLATION_WINDOW_MINUTES must be a positive whole number of minutes, not '-5'"],
    ['DOOR_OPENS_MINUTES_BEFORE', '0', "DOOR_OPENS_MINUTES_BEFORE must be a positive whole number of minutes, not '0'"],
    ['DOOR_CLOSES_MINUTES_AFTER_END', '-1', "DOOR_CLOSES_MINUTES_AFTER_END must be a whole number of minutes (0 or more), not '-1'"],
    ['COMPANION_RELEASE_MINUTES', 'dos', "COMPANION_RELEASE_MINUTES must be a whole number of minutes (0 or more), not 'dos'"],
    ['CINEMA_TIME_ZONE', '-03:00', "CINEMA_TIME_ZONE must be an IANA time zone (e.g. America/Argentina/Buenos_Aires), not '-03:00'"],
    ['GIFT_CARD_VALID_MONTHS', '0', "GIFT_CARD_VALID_MONTHS must be a positive whole number of months, not '0'"],
    ['PRESALE_ADMIT_PER_MINUTE', '0', "PRESALE_ADMIT_PER_MINUTE must be a positive whole number of buyers a minute, not '0'"],
    ['CLUB_POINTS_PER_DOLLAR', '-1', 'CLUB_POINTS_PER_DOLLAR must be a number ≥ 0'],
    ['CLUB_POINT_VALUE_CENTS', '0', "CLUB_POINT_VALUE_CENTS must be a positive whole number of cents, not '0'"],
    ['CLUB_TIERS', '[]', 'CLUB_TIERS must be a non-empty array'],
    ['GIFT_CARD_MAX_CENTS', '500', 'GIFT_CARD_MAX_CENTS (500) must not be below GIFT_CARD_MIN_CENTS (1000)'],
  ])('refuses %s=%p', (key, value, message) => {
    process.env[key] = value;
    expect(() => bookingSettingsFromEnv()).toThrow(message);
  });
});
