/**
 * Cine Club (issue 41): the values and rules a web app and booking both use — points earned and spent,
 * their money value, tiers, the pass's statuses and the Spanish messages. Apart from the schemas of
 * club.ts so that a web bundle importing them never carries TypeBox.
 */

/** Points earned per $ 1,00 paid for tickets and candy (CLUB_POINTS_PER_DOLLAR), rounded down per order. */
export const DEFAULT_POINTS_PER_DOLLAR = 1;
/** What one point pays at checkout, in cents (CLUB_POINT_VALUE_CENTS). */
export const DEFAULT_POINT_VALUE_CENTS = 1;
/** Points expire this many months after they were earned, oldest first. */
export const POINTS_VALID_MONTHS = 12;
/** `pointsExpiringSoon` counts the points that expire within this many days. */
export const POINTS_EXPIRING_SOON_DAYS = 30;
/** A declined renewal keeps the pass this many days (with a mail) before it lapses. */
export const PASS_GRACE_DAYS = 3;

/**
 * A tier, reached by `minVisits` visits (paid ticket orders not refunded whole, of shows in the last 12 months).
 * `candyDiscountPercent`: off every candy line; `presalePriority`: joins presales ahead of everyone else.
 */
export interface ClubTier {
  id: string;
  name: string;
  minVisits: number;
  candyDiscountPercent: number;
  presalePriority: boolean;
}

/** The seeded tiers (CLUB_TIERS, as JSON, replaces them): "Clásico" for every member, "Oro" from 12 visits. */
export const DEFAULT_CLUB_TIERS: readonly ClubTier[] = [
  { id: 'clasico', name: 'Clásico', minVisits: 0, candyDiscountPercent: 0, presalePriority: false },
  { id: 'oro', name: 'Oro', minVisits: 12, candyDiscountPercent: 10, presalePriority: true },
];

/** The tier `visits` reach: the one with the most `minVisits` not above them (the first tier when none is). */
export function tierOf(visits: number, tiers: readonly ClubTier[] = DEFAULT_CLUB_TIERS): ClubTier {
  const sorted = [...tiers].sort((a, b) => a.minVisits - b.minVisits);
  let reached = sorted[0];
  if (!reached) throw new Error('no club tiers');
  for (const tier of sorted) if (tier.minVisits <= visits) reached = tier;
  return reached;
}

/** Points an order earns for `paidCents` paid (by bank card or gift card; points and the pass earn nothing), rounded down. */
export function pointsEarned(paidCents: number, pointsPerDollar: number = DEFAULT_POINTS_PER_DOLLAR): number {
  if (paidCents <= 0 || pointsPerDollar <= 0) return 0;
  return Math.floor((paidCents * pointsPerDollar) / 100);
}

/** What `points` pay, in cents. */
export function pointsValue(points: number, pointValueCents: number = DEFAULT_POINT_VALUE_CENTS): number {
  return points * pointValueCents;
}

/** The most points `cents` take (rounded down: points never pay more than the amount). */
export function pointsFor(cents: number, pointValueCents: number = DEFAULT_POINT_VALUE_CENTS): number {
  if (cents <= 0 || pointValueCents <= 0) return 0;
  return Math.floor(cents / pointValueCents);
}

/**
 * Points a refund takes back of those an order earned: in proportion of what was paid, rounded down
 * cumulatively so that the refunds of a whole order take back exactly what it earned. `refundedBefore`
 * and `refundedNow` are the cents of earlier refunds and of this one; `reversedBefore`, the points taken
 * back by the earlier ones.
 */
export function pointsToReverse(
  earned: number,
  paidCents: number,
  refundedBefore: number,
  refundedNow: number,
  reversedBefore: number,
): number {
  if (earned <= 0 || paidCents <= 0) return 0;
  const refunded = Math.min(paidCents, refundedBefore + refundedNow);
  const due = refunded >= paidCents ? earned : Math.floor((earned * refunded) / paidCents);
  return Math.max(0, due - reversedBefore);
}

/**
 * The moves of a member's points: 'earn' an order paid; 'spend' an order pays with points; 'release' an
 * order that spent points ended unpaid; 'refund' a refund gave the points part back; 'reversal' a refund
 * took back what its order earned (a balance may go below zero: a debt the next earnings pay first);
 * 'expiry' points 12 months old not spent; 'adjust' an admin's correction, with its reason and author.
 * Each is keyed (by order, refund, earning or adjustment), never written twice.
 */
export const CLUB_ENTRY_KINDS = ['earn', 'spend', 'release', 'refund', 'reversal', 'expiry', 'adjust'] as const;
export type ClubEntryKind = (typeof CLUB_ENTRY_KINDS)[number];

/**
 * A pass's life: 'active' paid for its period; 'grace' its renewal was declined, kept for PASS_GRACE_DAYS
 * while the member may change the card; 'cancelling' cancelled by the member, kept until its period ends;
 * 'lapsed' the grace ended unpaid; 'ended' cancelled and its period over. Only 'active', 'grace' and
 * 'cancelling' book pass tickets.
 */
export const PASS_STATUSES = ['active', 'grace', 'cancelling', 'lapsed', 'ended'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];
export const PASS_USABLE_STATUSES: readonly PassStatus[] = ['active', 'grace', 'cancelling'];

/** The formats a plan may include ('3D': the General base is covered, its surcharge paid). */
export const PASS_FORMATS = ['2D', '3D'] as const;
export type PassFormat = (typeof PASS_FORMATS)[number];

/** The outcome of one renewal of one pass for one period. */
export const RENEWAL_OUTCOMES = ['charged', 'declined', 'lapsed', 'ended', 'failed'] as const;
export type RenewalOutcome = (typeof RENEWAL_OUTCOMES)[number];

export const PASS_STATUS_NAMES: Record<PassStatus, string> = {
  active: 'Activo',
  grace: 'Pago pendiente',
  cancelling: 'Cancelado (vigente hasta el fin del período)',
  lapsed: 'Vencido',
  ended: 'Terminado',
};

export const CLUB_ENTRY_NAMES: Record<ClubEntryKind, string> = {
  earn: 'Puntos ganados',
  spend: 'Puntos canjeados',
  release: 'Canje devuelto',
  refund: 'Puntos devueltos por un reembolso',
  reversal: 'Puntos descontados por un reembolso',
  expiry: 'Puntos vencidos',
  adjust: 'Ajuste',
};

/** The Spanish messages of the club's refusals (the site speaks "tú"). */
export const CLUB_MESSAGES = {
  notMember: 'Todavía no eres socio de Cine Club. Únete gratis desde tu perfil.',
  alreadyMember: 'Ya eres socio de Cine Club.',
  notEnoughPoints: (balance: number) => `No tienes puntos suficientes: tu saldo es de ${balance} puntos.`,
  pointsMoreThanTotal: 'Los puntos no pueden pagar más que el total de la compra.',
  pointsChangedMeanwhile: 'Tu saldo de puntos cambió mientras pagabas. Revisa el pago y vuelve a intentarlo.',
  paymentMethodNeeded: 'Los puntos no cubren el total: elige también una tarjeta bancaria.',
  noPass: 'No tienes un Cine Pase vigente.',
  passAlready: 'Ya tienes un Cine Pase vigente. Cancélalo antes de elegir otro plan.',
  passAllowanceUsed: 'Ya usaste todas las entradas de tu Cine Pase de este mes.',
  passSameDay: 'Tu Cine Pase incluye una entrada por día de función, y ya tienes una para ese día.',
  passOneTicket: 'El Cine Pase cubre una entrada por compra: elige las demás como entradas pagas en otra compra.',
  passFormat: (format: string) => `Tu Cine Pase no incluye funciones ${format}.`,
  planNotFound: 'No existe ese plan de Cine Pase.',
  planInactive: 'Ese plan de Cine Pase ya no se vende.',
  planNameTaken: 'Ya existe un plan con ese nombre.',
  renewalRunning: 'Se está cobrando la renovación de este Cine Pase. Vuelve a intentarlo en unos minutos.',
  adjustZero: 'El ajuste debe sumar o restar al menos un punto.',
  adjustBelowZero: (balance: number) => `El ajuste dejaría el saldo por debajo de cero: el socio tiene ${balance} puntos.`,
  memberNotFound: 'Esa persona no es socia de Cine Club.',
} as const;
