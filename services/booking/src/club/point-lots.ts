import { POINTS_EXPIRING_SOON_DAYS, POINTS_VALID_MONTHS, type ClubEntryKind } from '@cine/contracts';

/** What the lots are computed from: a member's ledger entries, oldest first. */
export interface LotEntry {
  seq: number;
  kind: ClubEntryKind;
  points: number;
  at: Date;
  /** An expiry entry: the lot it wrote off. */
  lot?: number;
}

/** Points credited together (an earning, a refund, a release, a positive adjustment) and what is left of them. */
export interface PointLot {
  /** The seq of the entry that credited it (an expiry's key: `expiry:<seq>`). */
  seq: number;
  at: Date;
  expiresAt: Date;
  remaining: number;
}

/** When points credited at `at` expire: POINTS_VALID_MONTHS later (calendar months, UTC; the 31st goes to the month's last day). */
export function expiryOf(at: Date, months = POINTS_VALID_MONTHS): Date {
  const expires = new Date(at);
  const day = expires.getUTCDate();
  expires.setUTCDate(1);
  expires.setUTCMonth(expires.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(expires.getUTCFullYear(), expires.getUTCMonth() + 1, 0)).getUTCDate();
  expires.setUTCDate(Math.min(day, lastDay));
  return expires;
}

/** The lots and the debt after some entries (pointLots' state, one entry at a time). */
export interface LotState {
  lots: PointLot[];
  debt: number;
}

/**
 * The lots and the debt after one more entry (pure: `state` is left as it was): a credit is a lot expiring 12
 * months after it, which pays the debt first; a debit (spend, reversal, negative adjustment) takes from the
 * oldest lots first, and an expiry takes what was left of its own lot; a debit beyond every lot is a debt.
 */
function addToLots(state: LotState, entry: LotEntry, months = POINTS_VALID_MONTHS): LotState {
  const lots = state.lots.map((lot) => ({ ...lot }));
  let debt = state.debt;
  if (entry.points > 0) {
    const paid = Math.min(debt, entry.points);
    debt -= paid;
    lots.push({ seq: entry.seq, at: entry.at, expiresAt: expiryOf(entry.at, months), remaining: entry.points - paid });
    return { lots, debt };
  }
  let owed = -entry.points;
  if (entry.kind === 'expiry' && entry.lot !== undefined) {
    const lot = lots.find((one) => one.seq === entry.lot);
    if (lot) {
      const taken = Math.min(lot.remaining, owed);
      lot.remaining -= taken;
      owed -= taken;
    }
  }
  for (const lot of lots) {
    if (owed === 0) break;
    const taken = Math.min(lot.remaining, owed);
    lot.remaining -= taken;
    owed -= taken;
  }
  return { lots, debt: debt + owed };
}

/**
 * The member's points as lots, oldest first (FIFO): every credit is a lot expiring 12 months after it; every
 * debit (spend, reversal, negative adjustment) takes from the oldest lots first, and an expiry takes what was
 * left of its own lot. A debit beyond every lot is a debt, which the next credits pay first (their lots start
 * smaller). `debt` is what is owed after the last entry.
 */
export function pointLots(entries: readonly LotEntry[], months = POINTS_VALID_MONTHS): LotState {
  return [...entries]
    .sort((a, b) => a.seq - b.seq)
    .reduce<LotState>((state, entry) => addToLots(state, entry, months), { lots: [], debt: 0 });
}

/**
 * What a member's head keeps of their entries (the ledger's summary, written with each entry): the lots with
 * points left (a spent or expired lot takes nothing more: leaving it out changes no later entry's lots), the
 * debt, and the seqs of the entries of no points (not moves: the ledger page leaves them out).
 */
export interface ClubSummary extends LotState {
  zeros: number[];
}

export const clubSummary = {
  empty: { lots: [], debt: 0, zeros: [] } as ClubSummary,
  add(summary: ClubSummary, entry: LotEntry): ClubSummary {
    const { lots, debt } = addToLots(summary, entry);
    return {
      lots: lots.filter((lot) => lot.remaining > 0),
      debt,
      zeros: entry.points === 0 ? [...summary.zeros, entry.seq] : summary.zeros,
    };
  },
};

/**
 * The seqs of one page of a member's moves, newest first (`last` the member's last seq, `zeros` ascending: the
 * entries of no points, left out), and how many moves there are: counted from the zeros, never walking the pages
 * before.
 */
export function pageSeqs(last: number, zeros: readonly number[], page: number, pageSize: number): { seqs: number[]; total: number } {
  const skipped = new Set(zeros);
  const total = last - skipped.size;
  const first = total - (page - 1) * pageSize;
  if (first <= 0) return { seqs: [], total };
  // The first-th move, oldest first: its seq is past every zero before it.
  let seq = first;
  for (const zero of [...skipped].sort((a, b) => a - b)) if (zero <= seq) seq += 1;
  const seqs: number[] = [];
  for (; seq >= 1 && seqs.length < pageSize; seq--) if (!skipped.has(seq)) seqs.push(seq);
  return { seqs, total };
}

/** The lots whose points expired by `now` with something left (what the expiry job writes off, each once). */
export function expiredLots(lots: readonly PointLot[], now: Date): PointLot[] {
  return lots.filter((lot) => lot.remaining > 0 && lot.expiresAt <= now);
}

/** Points that expire within POINTS_EXPIRING_SOON_DAYS of `now` (not expired yet), and when the soonest of all left do. */
export function expiringSoon(
  lots: readonly PointLot[],
  now: Date,
  days = POINTS_EXPIRING_SOON_DAYS,
): { points: number; nextExpiry?: Date } {
  const horizon = now.getTime() + days * 86_400_000;
  const live = lots.filter((lot) => lot.remaining > 0 && lot.expiresAt > now);
  const points = live.filter((lot) => lot.expiresAt.getTime() <= horizon).reduce((sum, lot) => sum + lot.remaining, 0);
  const next = live.reduce<Date | undefined>((soonest, lot) => (!soonest || lot.expiresAt < soonest ? lot.expiresAt : soonest), undefined);
  return next ? { points, nextExpiry: next } : { points };
}
