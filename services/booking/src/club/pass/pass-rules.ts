import { PASS_USABLE_STATUSES, type PassStatus, type RenewalOutcome } from '@cine/contracts';

/**
 * Issue 41: what the renewal job does with a pass (pure). `renewsAt` is the end of the pass's current period;
 * `graceUntil`, in grace, the end of its grace.
 * - 'charge': active and its period is over: the next period is charged on the saved card.
 * - 'end': cancelling and its period is over: the pass ends.
 * - 'lapse': in grace (its renewal declined) and the grace is over without a card that paid.
 * - 'wait': nothing due yet (in grace: the member may still change the card).
 */
export type RenewalDecision = 'charge' | 'end' | 'lapse' | 'wait';

export interface PassTiming {
  /** Besides PassStatus, a pass's own 'subscribing' and 'failed' (never renewed). */
  status: PassStatus | 'subscribing' | 'failed';
  renewsAt: Date;
  graceUntil?: Date | undefined;
}

export function renewalDecision(pass: PassTiming, now: Date): RenewalDecision {
  switch (pass.status) {
    case 'active':
      return pass.renewsAt <= now ? 'charge' : 'wait';
    case 'cancelling':
      return pass.renewsAt <= now ? 'end' : 'wait';
    case 'grace':
      return pass.graceUntil && pass.graceUntil <= now ? 'lapse' : 'wait';
    default:
      return 'wait';
  }
}

/** The status a charge's outcome leaves: charged → active; declined → grace (the member keeps the pass meanwhile). */
export function statusAfterCharge(outcome: 'charged' | 'declined'): PassStatus {
  return outcome === 'charged' ? 'active' : 'grace';
}

/** A pass books tickets only while active, in grace or cancelling. */
export function isUsable(status: string): status is PassStatus {
  return (PASS_USABLE_STATUSES as readonly string[]).includes(status);
}

/** The counts of a run of the job, by outcome. */
export type RunCounts = Record<RenewalOutcome, number>;

export function emptyCounts(): RunCounts {
  return { charged: 0, declined: 0, lapsed: 0, ended: 0, failed: 0 };
}

/** The charge's idempotency key of a pass's period: its first attempt `pass:<passId>:<period>`, a new card's `…:<attempt>`. */
export function chargeKey(passId: string, period: string, attempt = 1): string {
  return attempt <= 1 ? `pass:${passId}:${period}` : `pass:${passId}:${period}:${attempt}`;
}

/** The id of a pass's renewal (and of its usage) for a period. */
export function periodId(passId: string, period: string): string {
  return `${passId}:${period}`;
}
