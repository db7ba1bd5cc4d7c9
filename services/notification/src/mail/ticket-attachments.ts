import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { IssuedTicket, TicketsIssued } from '@cine/contracts';
import { Piscina } from 'piscina';
import { localDateTime } from '@cine/contracts';
import { cinemaOf } from '../settings';
import { formatShowDate } from './show-dates';
import type { RenderedAttachments, RenderTask } from './attachments-worker';
import type { MailAttachment } from './mailer';

/**
 * The worker's module beside this one: compiled (`.js`, dist), or the TypeScript source (`.ts`) under jest,
 * which the thread loads with Node's own type stripping (jest's transform does not reach worker threads):
 * the worker imports packages only and uses erasable syntax only.
 */
const WORKER = path.join(__dirname, `attachments-worker${path.extname(__filename)}`);

/** The `cid:` the receipt's HTML shows a ticket's QR code with. */
export function qrContentId(ticket: IssuedTicket): string {
  return `entrada-${ticket.code}@cine`;
}

/**
 * The show as a calendar entry (.ics): one event with its start, end, cinema, room and seats. The start and
 * end are written in the cinema's time zone (issue 38): its wall time there with `TZID=<cinema.timeZone>`,
 * and the zone's VTIMEZONE in the file, so every calendar shows the same instants, in its own zone or the
 * cinema's; a cinema in UTC gets plain UTC times. The description says the time at the cinema too.
 */
function calendarEntryOf(order: TicketsIssued['data']): RenderTask['calendar'] {
  const cinema = cinemaOf(order);
  const starts = localDateTime(new Date(order.startsAt), cinema.timeZone);
  return {
    cinema: cinema.name,
    id: `${order.orderId}@cine`,
    start: order.startsAt,
    end: order.endsAt,
    timeZone: cinema.timeZone,
    summary: `${order.title} (${order.type}) — ${cinema.name}`,
    location: `${cinema.name}, sala ${order.roomId}. ${cinema.address}`,
    description:
      `${formatShowDate(starts.date)} ${starts.time}, hora de ${cinema.name} (${cinema.timeZone}). ` +
      `Sala ${order.roomId}. Butacas: ${order.seatLabels.join(', ')}. Pedido: ${order.orderCode ?? order.orderId}.`,
  };
}

/**
 * Renders a receipt's attachments (each ticket's QR code, ~1 ms each, and the `.ics`) in a pool of
 * worker threads (piscina), so they do not hold up the event loop that, in the embedded `npm start`,
 * every service's requests share. The pool starts with the first receipt and ends with `close`.
 */
export class AttachmentRenderer {
  private pool: Piscina<RenderTask, RenderedAttachments> | undefined;
  /** The thread that rendered the last receipt (tests: not the main thread). */
  lastThreadId: number | undefined;

  constructor(private readonly threadCount: number) {}

  /** Each ticket's QR code (its signed token) as an inline PNG, then the show as a calendar entry. */
  async render(order: TicketsIssued['data']): Promise<MailAttachment[]> {
    this.pool ??= new Piscina<RenderTask, RenderedAttachments>({
      filename: WORKER,
      minThreads: this.threadCount,
      maxThreads: this.threadCount,
    });
    const rendered = await this.pool.run({ tokens: order.tickets.map((ticket) => ticket.token), calendar: calendarEntryOf(order) });
    this.lastThreadId = rendered.threadId;
    return [
      ...order.tickets.map((ticket, index) => {
        const png = rendered.qrCodes[index] as Uint8Array;
        return {
          filename: `entrada-${ticket.seatLabel}-${ticket.code}.png`,
          content: Buffer.from(png.buffer, png.byteOffset, png.byteLength),
          contentType: 'image/png',
          cid: qrContentId(ticket),
        };
      }),
      { filename: 'funcion.ics', content: rendered.calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ];
  }

  /** The worker threads running (none before the first receipt and after `close`). */
  get threads(): readonly Worker[] {
    return this.pool?.threads ?? [];
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
