import type { TicketView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/** The caller's tickets, one per seat of each paid order; offline, the service worker's saved copy (`savedAt`). */
export const fetchMyTickets = (caller: Caller) => api.getMaybeSaved<TicketView[]>('/tickets/mine', { token: caller.token });
