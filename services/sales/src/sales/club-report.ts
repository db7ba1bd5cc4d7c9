import { PASS_USABLE_STATUSES, type ClubEntryKind, type ClubSalesReport, type PassStatus } from '@cine/contracts';
import { sumOf } from './sale-figures';

/** Cinema days ('YYYY-MM-DD'), both included; either end open when left out. */
interface Period {
  from?: string;
  to?: string;
}

/**
 * Issue 41: one club event as sales keeps it, `_id` its event key so each counts once:
 * `points:<entryId>`, `charged:<passId>:<period>`, `declined:<passId>:<period>`, `changed:<passId>:<at>:<status>`.
 * `day` is the day of `at` in the chain's reporting zone (the club is the chain's, not a cinema's).
 */
export type ClubFact =
  | { _id: string; fact: 'points'; kind: ClubEntryKind; points: number; pointValueCents: number; at: Date; day: string }
  | { _id: string; fact: 'charged'; passId: string; kind: 'first' | 'renewal'; amount: number; at: Date; day: string }
  | { _id: string; fact: 'declined'; passId: string; at: Date; day: string }
  | { _id: string; fact: 'changed'; passId: string; status: PassStatus; at: Date; day: string };

const inPeriod = (day: string, { from, to }: Period) => (!from || day >= from) && (!to || day <= to);
const until = (day: string, to: string | undefined) => !to || day <= to;

/**
 * GET /sales/club, from the club's facts:
 * - pointsEarned: earned in the period less what reversals took back in it; pointsSpent: spent in it less
 *   what was released (a checkout that did not go through) and refunded in it; both never below 0;
 * - pointsLiability: what every entry up to `to` is worth at the point value it was written with, never below 0;
 * - activePasses: the passes whose last status up to `to` is active, grace or cancelling;
 * - renewals: renewals charged and declined in the period; passRevenue: every pass charge in it (first months too).
 */
export function clubReportOf(facts: readonly ClubFact[], period: Period): ClubSalesReport {
  const points = facts.flatMap((fact) => (fact.fact === 'points' ? [fact] : []));
  const inside = points.filter((entry) => inPeriod(entry.day, period));
  const pointsOf = (kinds: readonly ClubEntryKind[]) => sumOf(inside, (entry) => (kinds.includes(entry.kind) ? entry.points : 0));
  const charges = facts.flatMap((fact) => (fact.fact === 'charged' && inPeriod(fact.day, period) ? [fact] : []));

  const lastStatus = new Map<string, { at: number; status: PassStatus }>();
  for (const fact of facts) {
    if (fact.fact !== 'changed' || !until(fact.day, period.to)) continue;
    const known = lastStatus.get(fact.passId);
    if (!known || fact.at.getTime() >= known.at) lastStatus.set(fact.passId, { at: fact.at.getTime(), status: fact.status });
  }

  return {
    // Earn entries are credits (positive), reversals debits (negative).
    pointsEarned: Math.max(0, pointsOf(['earn', 'reversal'])),
    // Spends are debits (negative), releases and refunds credits.
    pointsSpent: Math.max(0, -pointsOf(['spend', 'release', 'refund'])),
    pointsLiability: Math.max(
      0,
      sumOf(points, (entry) => (until(entry.day, period.to) ? entry.points * entry.pointValueCents : 0)),
    ),
    activePasses: [...lastStatus.values()].filter(({ status }) => PASS_USABLE_STATUSES.includes(status)).length,
    renewals: {
      charged: charges.filter((charge) => charge.kind === 'renewal').length,
      declined: facts.filter((fact) => fact.fact === 'declined' && inPeriod(fact.day, period)).length,
    },
    passRevenue: sumOf(charges, (charge) => charge.amount),
  };
}
