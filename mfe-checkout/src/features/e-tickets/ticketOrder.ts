import type { TicketView } from '@cine/contracts';

/** Tickets whose show has not ended, soonest first, and the others, latest first. */
export function ticketsInOrder(tickets: readonly TicketView[], now: Date): { upcoming: TicketView[]; past: TicketView[] } {
  const ended = (ticket: TicketView) => Date.parse(ticket.endsAt) <= now.getTime();
  const byStart = (a: TicketView, b: TicketView) =>
    a.startsAt.localeCompare(b.startsAt) || a.seatLabel.localeCompare(b.seatLabel, 'es', { numeric: true });
  return {
    upcoming: tickets.filter((ticket) => !ended(ticket)).sort(byStart),
    past: tickets.filter(ended).sort((a, b) => byStart(b, a)),
  };
}

/** How the page names a ticket's state. */
export const ticketStateLabels: Readonly<Record<TicketView['state'], string>> = {
  valid: 'Válida',
  used: 'Usada',
  refunded: 'Reembolsada',
};
