import type {
  CheckinAnswer,
  CheckinRequest,
  DoorShowView,
  OfflineCheckinAnswer,
  OfflineScan,
  ShowView,
  TicketKeySet,
} from '@cine/contracts';
import { api, ApiError, catalogReads } from '@cine/web-kit';

/** The shows of one cinema day ('yyyy-mm-dd'): the door picks the one it checks. */
export const fetchShowsOn = (date: string) => api.get<ShowView[]>(catalogReads.showsOnDate(date));

/** The show and its tickets as they are now: what the door checks codes against without network. */
export const fetchDoorShow = (token: string, showId: string) =>
  api.get<DoorShowView>(`/checkin/shows/${encodeURIComponent(showId)}`, { token });

/** The public keys tickets are signed with (JWKS): what the door verifies QR codes with offline. */
export const fetchTicketKeys = () => api.get<TicketKeySet>('/tickets/keys', { token: null });

/**
 * One check-in. Every answer the server decided (200 admitted, 409 already used…, 400 invalid) is a
 * CheckinAnswer; anything else (network down: status 0, session expired…) is thrown as the ApiError.
 */
export async function checkIn(token: string, request: CheckinRequest): Promise<CheckinAnswer> {
  try {
    return await api.post<CheckinAnswer>('/checkin', request, { token });
  } catch (error) {
    if (error instanceof ApiError && isCheckinAnswer(error.body)) return error.body;
    throw error;
  }
}

/** The check-ins a door recorded offline, oldest first; replaying the same scans admits nothing twice. */
export const uploadScans = (token: string, scans: OfflineScan[]) =>
  api.post<OfflineCheckinAnswer>('/checkin/offline', { scans }, { token });

function isCheckinAnswer(body: unknown): body is CheckinAnswer {
  if (typeof body !== 'object' || body === null) return false;
  const { result, message } = body as Partial<CheckinAnswer>;
  return typeof result === 'string' && typeof message === 'string';
}
