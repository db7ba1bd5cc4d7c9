import { checkIns } from '../metrics';
import {
  localDateTime,
  wrongCinemaMessage,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
  type CheckinAnswer,
  type CheckinTicket,
  type OfflineScan,
  type OfflineScanResult,
  type TicketCheckedIn,
} from '@cine/contracts';
import { createEvent, type OutboxRelay } from '@cine/service-kit';
import type { Model } from 'mongoose';
import type { PendingAnnouncements } from './pending-announcements';
import type { StoredTicket, TicketDocument } from './ticket-model';
import { DEFAULT_DOOR_WINDOW, doorDecision, doorWindowOf, windowPosition, type DoorWindow, type DoorWindowSettings } from './door-rules';
import { ticketShowOf, type ShowFacts, type TicketShows } from './ticket-shows';
import { ticketTypeFacts } from './tickets';
import { normalizeCode, type TicketSigner } from './ticket-signer';

/** One scan at the door: a token or a typed code, the show the door checks, where and when. */
export interface DoorScan {
  token?: string;
  code?: string;
  showId: string;
  entrance?: string;
  at: Date;
  /** An offline door's scan id: its admission is found again when the upload is played twice. */
  scanId?: string;
}

const CODE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);
const WITHOUT_OUTBOX = { outbox: 0 };

const DOOR_MESSAGES = {
  badToken: 'La entrada no es válida: el código QR no es de este cine o fue alterado.',
  unknownCode: 'No existe una entrada con ese código.',
  showGone: 'La función de esta entrada ya no existe.',
  refunded: 'Esta entrada fue reembolsada: no es válida.',
  showCancelled: 'La función de esta entrada fue cancelada: no es válida.',
  beforeIssue: 'La hora de este escaneo es anterior a la compra de la entrada: revisa el reloj de la puerta.',
} as const;

function reusedScanId(ticket: StoredTicket): string {
  const where = ticket.entrance ? ` en ${ticket.entrance}` : '';
  return `El identificador de este escaneo ya lo usó otra puerta${where}: la entrada ya se había usado y este escaneo no se acepta.`;
}

/** What the door says to a ticket it admits. */
function welcome(ticket: Pick<StoredTicket, 'title' | 'seatLabel'>, roomId: number): string {
  return `Adelante: ${ticket.title}, sala ${roomId}, butaca ${ticket.seatLabel}.`;
}

/** An instant as the cinema's wall clock reads it (`timeZone`: the show's cinema's). */
function when(instant: Date, timeZone: string): string {
  const { date, time } = localDateTime(instant, timeZone);
  const [year, month, day] = date.split('-');
  return `a las ${time} del ${day}/${month}/${year}`;
}

function wrongShow(show: CheckinTicket): string {
  const day = show.date.split('-').reverse().join('/');
  return `Esta entrada es para otra función: ${show.title}, ${day} ${show.schedule}, sala ${show.roomId}.`;
}

function tooEarly(window: DoorWindow, show: ShowFacts, timeZone: string): string {
  return `Demasiado pronto: la puerta de esta función abre ${when(window.opensAt, timeZone)} (la función empieza a las ${show.schedule}).`;
}

function showOver(show: ShowFacts, timeZone: string): string {
  return `La función de esta entrada ya terminó: era ${when(show.startsAt, timeZone)}.`;
}

function answer(result: CheckinAnswer['result'], message: string, ticket?: CheckinTicket, used?: StoredTicket): CheckinAnswer {
  return {
    result,
    message,
    ...(ticket ? { ticket } : {}),
    ...(used?.checkedInAt ? { usedAt: used.checkedInAt.toISOString() } : {}),
    ...(used?.entrance ? { entrance: used.entrance } : {}),
  };
}

/**
 * Check-in at the door: a ticket is admitted by one conditional write (`valid` → `used`, on `_id`),
 * so of two doors scanning it at the same instant, on any instances, one admits and the other hears
 * when and where. The admission records ticket.checked_in in the ticket's outbox.
 */
export class Door {
  constructor(
    private readonly model: Model<TicketDocument>,
    private readonly shows: TicketShows,
    private readonly signer: TicketSigner,
    private readonly outbox: OutboxRelay,
    private readonly pending: PendingAnnouncements,
    private readonly window: DoorWindowSettings = DEFAULT_DOOR_WINDOW,
  ) {}

  /** When the show's door admits (DOOR_OPENS_MINUTES_BEFORE, DOOR_CLOSES_MINUTES_AFTER_END). */
  windowOf(show: Pick<ShowFacts, 'startsAt' | 'endsAt'>): DoorWindow {
    return doorWindowOf(show, this.window);
  }

  async checkIn(scan: DoorScan): Promise<CheckinAnswer> {
    let code: string;
    if (scan.token !== undefined) {
      // The token's `exp` is not the door's deadline: the show's window is (a moved show keeps its tokens).
      const checked = await this.signer.check(scan.token, scan.at);
      if (!checked.valid) return answer('invalid', DOOR_MESSAGES.badToken);
      code = checked.claims.jti;
    } else {
      code = normalizeCode(scan.code ?? '');
      if (!CODE.test(code)) return answer('invalid', DOOR_MESSAGES.unknownCode);
    }

    // The mark an admission needs is written beside the ticket's read, not after it: one round trip less
    // on the door's path. A refusal drops it without waiting (a mark left behind costs the sweep one read).
    const [ticket, mark] = await Promise.all([
      this.model.findById(code, WITHOUT_OUTBOX).lean<StoredTicket>(),
      this.pending.mark('ticket', code, scan.at),
    ]);
    const show = ticket ? await this.shows.recent(ticket.showId) : null;
    const { outcome, written } = !ticket
      ? { outcome: answer('invalid', DOOR_MESSAGES.unknownCode), written: false }
      : !show
        ? { outcome: answer('invalid', DOOR_MESSAGES.showGone), written: false }
        : await this.judge(ticket, show, scan);
    if (!written) void this.pending.drop(mark).catch(() => undefined);
    return outcome;
  }

  /**
   * An offline door's scans, in order: each admitted at its `scannedAt`, or why not; `conflict` when it had
   * been admitted already (or its clientScanId was another entrance's). A `scannedAt` is judged against the
   * show's door window like a scan at the door: a time outside it (a door's clock years off) is refused.
   */
  async upload(scans: readonly OfflineScan[], now: Date): Promise<OfflineScanResult[]> {
    const results: OfflineScanResult[] = [];
    for (const scan of scans) {
      const scannedAt = new Date(scan.scannedAt);
      const outcome = await this.checkIn({
        ...('token' in scan ? { token: scan.token } : { code: scan.code }),
        showId: scan.showId,
        ...(scan.entrance ? { entrance: scan.entrance } : {}),
        // A door's clock ahead of ours does not admit in the future.
        at: scannedAt > now ? now : scannedAt,
        scanId: scan.clientScanId,
      });
      results.push({ ...outcome, clientScanId: scan.clientScanId, conflict: outcome.result === 'already_used' });
    }
    return results;
  }

  /** What the door answers; `written` when the admission was written (its event is in the ticket's outbox). */
  private async judge(ticket: StoredTicket, show: ShowFacts, scan: DoorScan): Promise<{ outcome: CheckinAnswer; written: boolean }> {
    const cinema = await this.shows.placeOf(show);
    const zone = this.shows.zoneOf(show);
    // The door's own show tells its cinema (a ticket of another cinema is named with its own).
    const doorShow = scan.showId === ticket.showId ? show : await this.shows.recent(scan.showId);
    const doorCinema = doorShow ? await this.shows.placeOf(doorShow) : cinema;
    const details = (state = ticket.state): CheckinTicket => ({
      ...ticketShowOf(show, ticket.title, cinema),
      code: ticket._id,
      seatLabel: ticket.seatLabel,
      state,
      ...ticketTypeFacts(ticket),
    });
    const refused = (outcome: CheckinAnswer) => ({ outcome, written: false });
    const window = this.windowOf(show);
    const decision = doorDecision({
      state: ticket.state,
      showCancelled: show.cancelled === true,
      otherShow: scan.showId !== ticket.showId,
      otherCinema: doorCinema.id !== cinema.id,
      position: windowPosition(scan.at, window),
    });
    switch (decision) {
      case 'refunded':
        return refused(answer('refunded', DOOR_MESSAGES.refunded, details()));
      // A cancelled show's tickets whose refund is still to be retried (the provider failed): nobody comes in.
      case 'show_cancelled':
        return refused(answer('invalid', DOOR_MESSAGES.showCancelled, details()));
      case 'wrong_cinema':
        return refused(answer('wrong_cinema', wrongCinemaMessage(cinema.name), details()));
      case 'wrong_show':
        return refused(answer('wrong_show', wrongShow(details()), details()));
      case 'already_used':
        return refused(this.used(ticket, details(), scan, zone));
      case 'too_early':
        return refused(answer('too_early', tooEarly(window, show, zone), details()));
      case 'show_over':
        return refused(answer('show_over', showOver(show, zone), details()));
      case 'admit':
        break;
    }
    // An offline scan dated before its ticket existed: the door's clock is wrong, the time is not believed.
    if (scan.scanId !== undefined && scan.at < ticket.issuedAt) return refused(answer('invalid', DOOR_MESSAGES.beforeIssue, details()));

    const checkedIn: TicketCheckedIn = createEvent('ticket.checked_in', {
      ticketId: ticket._id,
      code: ticket._id,
      orderId: ticket.orderId,
      showId: ticket.showId,
      seatLabel: ticket.seatLabel,
      checkedInAt: scan.at.toISOString(),
      ...(scan.entrance ? { entrance: scan.entrance } : {}),
      ...(scan.scanId ? { offline: true as const } : {}),
    });
    const admission = {
      checkedInAt: scan.at,
      ...(scan.entrance ? { entrance: scan.entrance } : {}),
      ...(scan.scanId ? { scanId: scan.scanId } : {}),
    };
    const written = await this.model.updateOne(
      { _id: ticket._id, state: 'valid' },
      { $set: { state: 'used', ...admission }, $push: { outbox: checkedIn } },
    );
    if (written.matchedCount === 1) {
      this.outbox.nudge(ticket._id, [checkedIn]);
      checkIns.inc({ mode: scan.scanId ? 'offline' : 'online' });
      const message = welcome(ticket, show.roomId);
      return { outcome: answer('admitted', message, details('used'), { ...ticket, ...admission }), written: true };
    }
    // Another door (or a refund) got there first: say what it did.
    const now = await this.model.findById(ticket._id, WITHOUT_OUTBOX).lean<StoredTicket>();
    if (now?.state === 'used') return refused(this.used(now, details('used'), scan, zone));
    return refused(answer('refunded', DOOR_MESSAGES.refunded, details('refunded')));
  }

  private used(ticket: StoredTicket, details: CheckinTicket, scan: DoorScan, timeZone: string): CheckinAnswer {
    // The same offline scan uploaded again (same id, same entrance): its own admission.
    if (scan.scanId !== undefined && ticket.scanId === scan.scanId) {
      if ((ticket.entrance ?? '') === (scan.entrance ?? '')) return answer('admitted', welcome(ticket, details.roomId), details, ticket);
      // Another entrance's scan id: a door that reuses ids (or a forged upload) is flagged, never admitted as the first.
      return answer('already_used', reusedScanId(ticket), details, ticket);
    }
    const where = ticket.entrance ? ` en ${ticket.entrance}` : '';
    const at = ticket.checkedInAt ? ` ${when(ticket.checkedInAt, timeZone)}` : '';
    return answer('already_used', `Esta entrada ya se usó${at}${where}.`, details, ticket);
  }
}
