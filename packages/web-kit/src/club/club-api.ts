/**
 * Issue 41, Cine Club: the calls of every club endpoint (contracts' club.ts shapes, imported as types only so
 * that no web bundle carries TypeBox). The member's side (join, me, ledger, the Cine Pase), the admin's (plans,
 * members and adjustments, the renewal job's runs) and the programme's figures of GET /sales/club.
 */
import type {
  ClubAdjustRequest,
  ClubAdjustResponse,
  ClubLedgerPage,
  ClubMe,
  ClubMemberPage,
  ClubSalesReport,
  PassPlanInput,
  PassPlanView,
  PassResponse,
  RenewalsReport,
} from '@cine/contracts';
import { api } from '../api-client';

/** The page of the club (a route of the shell, the checkout remote's page). */
export const CLUB_PATH = '/club';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** POST /club/join (signed in): joins (free); answers the member as GET /club/me does. */
export const joinClub = (token: string) => api.post<ClubMe>('/club/join', undefined, { token });

/** GET /club/me (signed in): `member: false` before joining. */
export const fetchClubMe = (token: string) => api.get<ClubMe>('/club/me', { token });

/** GET /club/me/ledger (signed in): the member's entries, newest first. */
export const fetchClubLedger = (token: string, page = 1, pageSize = 10) =>
  api.get<ClubLedgerPage>(`/club/me/ledger${query({ page, pageSize })}`, { token });

/** GET /club/plans: the plans sold (anyone); `all` every plan, inactive ones too (admin). */
export const fetchPassPlans = (token: string | null, all = false) =>
  api.get<PassPlanView[]>(`/club/plans${all ? '?all=true' : ''}`, { token });

/** POST /club/pass: subscribes, saving the card and charging the first month (402 when declined). */
export const subscribePass = (token: string, planId: string, paymentMethodId: string) =>
  api.post<PassResponse>('/club/pass', { planId, paymentMethodId }, { token });

/** DELETE /club/pass: cancels; the pass stays until its period ends. */
export const cancelPass = (token: string) => api.delete<PassResponse>('/club/pass', undefined, { token });

/** POST /club/pass/card: the card future renewals charge (in grace, charged at once). */
export const changePassCard = (token: string, paymentMethodId: string) =>
  api.post<PassResponse>('/club/pass/card', { paymentMethodId }, { token });

/** POST /club/plans (admin). */
export const createPassPlan = (token: string, plan: PassPlanInput) => api.post<PassPlanView>('/club/plans', plan, { token });

/** PUT /club/plans/{id} (admin); 409 while a renewal of the plan runs. */
export const updatePassPlan = (token: string, planId: string, plan: PassPlanInput) =>
  api.put<PassPlanView>(`/club/plans/${encodeURIComponent(planId)}`, plan, { token });

/** GET /club/members?q=&page= (admin). */
export const searchClubMembers = (token: string, q: string, page = 1, pageSize = 20) =>
  api.get<ClubMemberPage>(`/club/members${query({ q: q.trim(), page, pageSize })}`, { token });

/**
 * POST /club/members/{userId}/adjust (admin): points added (negative: taken) with the reason. `idempotencyKey`: one
 * per adjustment, the same on its retries, so a retried adjustment is written once.
 */
export const adjustClubPoints = (token: string, userId: string, adjust: ClubAdjustRequest, idempotencyKey?: string) =>
  api.post<ClubAdjustResponse>(`/club/members/${encodeURIComponent(userId)}/adjust`, adjust, { token, idempotencyKey });

/** GET /club/renewals (admin): the renewal job's last runs and renewals. */
export const fetchClubRenewals = (token: string) => api.get<RenewalsReport>('/club/renewals', { token });

/** GET /sales/club?from=&to= (admin): the programme's figures of the period. */
export const fetchClubSales = (token: string, period: { from?: string; to?: string } = {}) =>
  api.get<ClubSalesReport>(`/sales/club${query({ from: period.from, to: period.to })}`, { token });
