/**
 * Issue 40, the buyer's side of a presale's line: its reads and the join (contracts' PresaleView,
 * PresaleJoinView, PresaleMeView), and the admission the buyer holds while it is their turn, which the
 * holds and checkouts of the presale's shows carry (`admissionOf`).
 */
import type { PresaleJoinView, PresaleMeView, PresaleView } from '@cine/contracts';
import { api } from '../api-client';

const presalePath = (presaleId: string) => `/presales/${encodeURIComponent(presaleId)}`;

/** The waiting page of a presale's line (a route of the shell, the checkout's page). */
export const presaleLinePath = (presaleId: string) => `/fila/${encodeURIComponent(presaleId)}`;

/** GET /presales/active (anyone): the presales not closed, by opening. */
export const fetchActivePresales = () => api.get<PresaleView[]>('/presales/active', { token: null });

/** GET /presales/{id} (anyone). */
export const fetchPresale = (presaleId: string) => api.get<PresaleView>(presalePath(presaleId), { token: null });

/** POST /presales/{id}/join (signed in): the buyer's place; joining again answers the same one. */
export const joinPresale = (presaleId: string, token: string) =>
  api.post<PresaleJoinView>(`${presalePath(presaleId)}/join`, undefined, { token });

/** GET /presales/{id}/me (signed in): the buyer's standing, with the admission while it is their turn. */
export const fetchMyStanding = (presaleId: string, token: string) => api.get<PresaleMeView>(`${presalePath(presaleId)}/me`, { token });

/** The buyer's live standing: GET /presales/{id}/me/stream (server-sent 'standing' events; the token required). */
export const myStandingStreamPath = (presaleId: string) => `${presalePath(presaleId)}/me/stream`;

/** The active presale (not closed) a show is sold behind, if any. */
export function presaleOfShow(presales: readonly PresaleView[] | null | undefined, showId: string | null | undefined): PresaleView | null {
  if (!presales || !showId) return null;
  return presales.find((presale) => presale.state !== 'closed' && presale.showIds.includes(showId)) ?? null;
}

interface HeldAdmission {
  admission: string;
  expiresAt: number;
  showIds: readonly string[];
}

/** The admissions this page holds, by presale: only in memory (the place is the account's: GET /me answers it again). */
const admissions = new Map<string, HeldAdmission>();

/** Keeps the admission GET /presales/{id}/me answered (or forgets it when the answer has none). */
export function rememberAdmission(me: Pick<PresaleMeView, 'presaleId' | 'admission' | 'admissionExpiresAt' | 'showIds'>): void {
  const expiresAt = me.admissionExpiresAt ? Date.parse(me.admissionExpiresAt) : Number.NaN;
  if (me.admission && !Number.isNaN(expiresAt)) {
    admissions.set(me.presaleId, { admission: me.admission, expiresAt, showIds: me.showIds });
  } else admissions.delete(me.presaleId);
}

/**
 * `{ admission }` for the body of a hold (POST /tickets/addTickets) or a checkout (POST /movies/checkout)
 * of `showId` while the buyer holds an unexpired admission of a presale selling it; `{}` otherwise.
 */
export function admissionOf(showId: string, now = Date.now()): { admission?: string } {
  for (const [presaleId, held] of admissions) {
    if (held.expiresAt <= now) {
      admissions.delete(presaleId);
      continue;
    }
    if (held.showIds.includes(showId)) return { admission: held.admission };
  }
  return {};
}
