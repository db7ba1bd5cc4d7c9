import {
  CLUB_ENTRY_KINDS,
  PASS_STATUSES,
  type ClubPassChanged,
  type ClubPassCharged,
  type ClubPassDeclined,
  type ClubPointsMoved,
} from '@cine/contracts';
import type { ClubFact } from './club-report';
import { cinemaDayOf } from './sales-calendar';
import { insertIgnoringRepeats, MalformedSaleError } from './sales-ledger';
import type { SalesStore } from './sales-store';

type ClubEvent = ClubPointsMoved | ClubPassCharged | ClubPassDeclined | ClubPassChanged;

const KEY_PART = /^[\w:.+-]{1,64}$/;

/** The fact an event keeps, keyed by what the event is once (its entry, its pass and period, its pass, instant and status). */
function clubFactOf(event: ClubEvent): ClubFact {
  const at = new Date(event.data.at);
  const fail = (reason: string): never => {
    throw new MalformedSaleError(JSON.stringify(event.data).slice(0, 200), reason, event.type);
  };
  if (Number.isNaN(at.getTime())) fail('`at` is not an instant');
  const day = cinemaDayOf(at).day;
  switch (event.type) {
    case 'club.points-moved': {
      const { entryId, kind, points, pointValueCents } = event.data;
      if (typeof entryId !== 'string' || !KEY_PART.test(entryId)) fail('the entry id is not plain');
      if (!CLUB_ENTRY_KINDS.includes(kind)) fail('unknown entry kind');
      if (!Number.isInteger(points) || !Number.isInteger(pointValueCents) || pointValueCents < 0) fail('points or their value not sound');
      return { _id: `points:${entryId}`, fact: 'points', kind, points, pointValueCents, at, day };
    }
    case 'club.pass-charged': {
      const { passId, period, amount, kind } = event.data;
      if (!KEY_PART.test(String(passId)) || !KEY_PART.test(String(period))) fail('the pass id or period is not plain');
      if (!Number.isInteger(amount) || amount < 0) fail('the amount is not whole cents');
      if (kind !== 'first' && kind !== 'renewal') fail('unknown charge kind');
      return { _id: `charged:${passId}:${period}`, fact: 'charged', passId, kind, amount, at, day };
    }
    case 'club.pass-declined': {
      const { passId, period } = event.data;
      if (!KEY_PART.test(String(passId)) || !KEY_PART.test(String(period))) fail('the pass id or period is not plain');
      return { _id: `declined:${passId}:${period}`, fact: 'declined', passId, at, day };
    }
    case 'club.pass-changed': {
      const { passId, status } = event.data;
      if (!KEY_PART.test(String(passId))) fail('the pass id is not plain');
      if (!PASS_STATUSES.includes(status)) fail('unknown pass status');
      return { _id: `changed:${passId}:${at.toISOString()}:${status}`, fact: 'changed', passId, status, at, day };
    }
  }
}

/** Issue 41: the club's events into `club_facts`, each once per event key (a redelivery or replay is refused by its _id). */
export class ClubProjection {
  constructor(private readonly store: SalesStore) {}

  async record(events: readonly ClubEvent[]): Promise<void> {
    const facts = events.map(clubFactOf);
    if (facts.length > 0) await insertIgnoringRepeats(this.store.clubFacts, facts);
  }
}
