import type { CheckinAnswer, CheckinResult, DoorShowView, TicketTokenClaims } from '@cine/contracts';
import { dayLabel, instantLabel } from '@cine/web-kit';

/** What the door shows after a scan or a typed code, whether the server or the door itself decided. */
export interface Verdict {
  result: CheckinResult;
  message: string;
  /** The ticket's facts, when known (the server says them; offline, the door's list has the seat). */
  title?: string;
  roomId?: number;
  seatLabel?: string;
  date?: string;
  schedule?: string;
  /** When and where it was admitted (already used). */
  usedAt?: string;
  entrance?: string;
  /** The ticket's type as its order priced it ('Jubilado'), and whether the door asks for an ID ("Verificar DNI"). */
  ticketTypeName?: string;
  requiresId?: boolean;
  /** Decided by the door without network: recorded, uploaded when the network returns. */
  offline: boolean;
}

/** A scan or a typed code. */
export type DoorInput = { token: string } | { code: string };

export function verdictOf(answer: CheckinAnswer): Verdict {
  const { ticket } = answer;
  return {
    result: answer.result,
    message: answer.message,
    offline: false,
    ...(ticket && {
      title: ticket.title,
      roomId: ticket.roomId,
      seatLabel: ticket.seatLabel,
      date: ticket.date,
      schedule: ticket.schedule,
      ...typeFacts(ticket),
    }),
    ...(answer.usedAt && { usedAt: answer.usedAt }),
    ...(answer.entrance && { entrance: answer.entrance }),
  };
}

/** A ticket's type facts, when it has them (tickets sold before ticket types have none: General). */
function typeFacts(ticket: { ticketTypeName?: string; requiresId?: boolean }): Pick<Verdict, 'ticketTypeName' | 'requiresId'> {
  return {
    ...(ticket.ticketTypeName !== undefined && { ticketTypeName: ticket.ticketTypeName }),
    ...(ticket.requiresId !== undefined && { requiresId: ticket.requiresId }),
  };
}

/** A compact JWS (three base64url parts): a ticket's QR content, as a keyboard-like barcode reader types it. */
const SIGNED_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** What was typed in the code field: a ticket code, or the QR's content typed by a barcode reader. */
export const typedInput = (typed: string): DoorInput => (SIGNED_TOKEN.test(typed.trim()) ? { token: typed.trim() } : { code: typed });

/** A typed code as the tickets print it: case, spaces and dashes do not matter. */
export const normalizedCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/** A ticket admitted at this door and not yet known to the server (or to the door's list). */
export interface LocalAdmission {
  code: string;
  at: string;
  entrance: string;
}

interface OfflineContext {
  door: DoorShowView;
  /** Admissions this door recorded since its list was read. */
  admittedHere: readonly LocalAdmission[];
  /** For a scanned QR: its verified claims, or null when the signature failed. Absent for a typed code. */
  claims?: TicketTokenClaims | null;
  /** The door's clock: the show's door window is checked against it. */
  now: Date;
}

/** Where `now` falls in the show's door window (opens before the start, closes after the end). */
function windowPosition(window: DoorShowView['window'], now: Date): 'early' | 'open' | 'over' {
  if (now.getTime() < Date.parse(window.opensAt)) return 'early';
  return now.getTime() >= Date.parse(window.closesAt) ? 'over' : 'open';
}

/**
 * The door's own decision without network, from the show's ticket list read when the show was opened,
 * the admissions recorded since and, for a QR, its signature checked with the cached public keys.
 * A signed ticket of this show missing from the list (sold after it was read) is admitted on its signature.
 * The most important verdict first, as the server says it: refunded, another show, used, then the door's window.
 */
export function decideOffline(input: DoorInput, { door, admittedHere, claims, now }: OfflineContext): Verdict {
  const { show } = door;
  const offline = true;
  let code: string;
  if ('token' in input) {
    if (!claims) return { result: 'invalid', message: 'Código QR no válido: la firma no coincide.', offline };
    code = claims.jti;
  } else {
    code = normalizedCode(input.code);
  }
  const listed = door.tickets.find((ticket) => ticket.code === code);
  if (claims && claims.sid !== show.showId)
    return { result: 'wrong_show', message: 'Esta entrada es para otra función.', seatLabel: claims.seat, offline };
  const seatLabel = listed?.seatLabel ?? claims?.seat;
  if (!seatLabel) return { result: 'invalid', message: 'Ninguna entrada de esta función tiene ese código.', offline };
  const facts = {
    title: show.title,
    roomId: show.roomId,
    seatLabel,
    date: show.date,
    schedule: show.schedule,
    ...(listed && typeFacts(listed)),
    offline,
  };
  if (listed?.state === 'refunded') return { ...facts, result: 'refunded', message: 'Entrada reembolsada: no es válida.' };
  const here = admittedHere.find((admission) => admission.code === code);
  if (here) return { ...facts, result: 'already_used', message: 'Entrada ya usada.', usedAt: here.at, entrance: here.entrance };
  if (listed?.state === 'used') {
    return {
      ...facts,
      result: 'already_used',
      message: 'Entrada ya usada.',
      ...(listed.checkedInAt && { usedAt: listed.checkedInAt }),
      ...(listed.entrance && { entrance: listed.entrance }),
    };
  }
  switch (windowPosition(door.window, now)) {
    case 'early':
      return { ...facts, result: 'too_early', message: `La puerta de esta función abre el ${instantLabel(door.window.opensAt)}.` };
    case 'over':
      return {
        ...facts,
        result: 'show_over',
        message: `La función terminó: era el ${dayLabel(show.date, show.day)} a las ${show.schedule}.`,
      };
    case 'open':
      return { ...facts, result: 'admitted', message: 'Entrada válida: puede pasar.' };
  }
}

/** The code a check-in is about, once decided offline (the claims' jti or the typed code). */
export const codeOf = (input: DoorInput, claims?: TicketTokenClaims | null): string =>
  'token' in input ? (claims?.jti ?? '') : normalizedCode(input.code);
