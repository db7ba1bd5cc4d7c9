import { DEFAULT_CLUB_TIERS, DEFAULT_POINT_VALUE_CENTS, DEFAULT_POINTS_PER_DOLLAR, type ClubTier } from '@cine/contracts';
import { positiveIntegerEnv, readEnv } from '@cine/service-kit';

/** Cine Club's settings (issue 41), read from the environment once when booking is built. */
export interface ClubSettings {
  /** CLUB_POINTS_PER_DOLLAR: points earned per $ 1,00 paid by bank card or gift card (default 1; 0 earns nothing). */
  pointsPerDollar: number;
  /** CLUB_POINT_VALUE_CENTS: what a point pays at checkout, in cents (default 1). */
  pointValueCents: number;
  /** CLUB_TIERS: the tiers as JSON (an array of ClubTier; default DEFAULT_CLUB_TIERS). */
  tiers: readonly ClubTier[];
  /** CLUB_EXPIRY_EVERY_MS: how often the expiry job writes off points 12 months old (default hourly). */
  expiryEveryMs: number;
}

function isTier(value: unknown): value is ClubTier {
  const tier = value as ClubTier;
  return (
    typeof tier === 'object' &&
    tier !== null &&
    typeof tier.id === 'string' &&
    typeof tier.name === 'string' &&
    Number.isInteger(tier.minVisits) &&
    tier.minVisits >= 0 &&
    Number.isInteger(tier.candyDiscountPercent) &&
    tier.candyDiscountPercent >= 0 &&
    tier.candyDiscountPercent <= 100 &&
    typeof tier.presalePriority === 'boolean'
  );
}

/** CLUB_TIERS parsed: a non-empty JSON array of tiers, else the start stops naming the variable. */
export function tiersFrom(text: string | undefined): readonly ClubTier[] {
  if (text === undefined || text.trim() === '') return DEFAULT_CLUB_TIERS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('CLUB_TIERS must be JSON: an array of {id, name, minVisits, candyDiscountPercent, presalePriority}');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isTier)) {
    throw new Error('CLUB_TIERS must be a non-empty array of {id, name, minVisits, candyDiscountPercent, presalePriority}');
  }
  return parsed;
}

export function clubSettingsFromEnv(): ClubSettings {
  const perDollar = readEnv('CLUB_POINTS_PER_DOLLAR');
  const pointsPerDollar = perDollar === undefined ? DEFAULT_POINTS_PER_DOLLAR : Number(perDollar);
  if (!Number.isFinite(pointsPerDollar) || pointsPerDollar < 0) throw new Error('CLUB_POINTS_PER_DOLLAR must be a number ≥ 0');
  return {
    pointsPerDollar,
    pointValueCents: positiveIntegerEnv('CLUB_POINT_VALUE_CENTS', DEFAULT_POINT_VALUE_CENTS, 'cents'),
    tiers: tiersFrom(readEnv('CLUB_TIERS')),
    expiryEveryMs: positiveIntegerEnv('CLUB_EXPIRY_EVERY_MS', 3_600_000, 'ms'),
  };
}
