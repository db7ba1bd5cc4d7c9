/**
 * The receipt's attachments rendered in a worker thread (piscina's, ticket-attachments.ts), off the event
 * loop the checkouts share in the embedded `npm start`. It imports packages only (no file of ours) and
 * uses erasable TypeScript syntax only, so the thread loads it alone: compiled (dist), or its source
 * under jest, whose transform does not reach worker threads (Node 24 strips the types itself).
 */
import { threadId } from 'node:worker_threads';
import ical, { ICalCalendarMethod } from 'ical-generator';
import QRCode, { type QRCodeToBufferOptions } from 'qrcode';

/** Pixels per QR module: a ~250 px image for a ticket's token, read by a phone at arm's length from a screen or paper. */
const QR_SCALE = 5;
/**
 * A token is base64url text, which only byte mode encodes: naming the mode skips qrcode's search for the best mix
 * of modes, and one fixed PNG row filter (Up) skips pngjs trying all five per row. Together they cut a code's
 * rendering from ~6 ms to ~2 ms, for ~12 KB instead of ~5 KB per image.
 */
export const QR_OPTIONS: QRCodeToBufferOptions = {
  type: 'png',
  errorCorrectionLevel: 'M',
  margin: 2,
  scale: QR_SCALE,
  // Passed on to pngjs's PNG options, whose filterType @types/qrcode leaves out (2: Up).
  rendererOpts: { filterType: 2 } as QRCodeToBufferOptions['rendererOpts'],
};

/** The show as one calendar event, its texts already written (templates.ts). */
export interface CalendarEntry {
  cinema: string;
  id: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
}

export interface RenderTask {
  /** Each ticket's signed token, encoded in its QR code. */
  tokens: string[];
  calendar: CalendarEntry;
}

export interface RenderedAttachments {
  /** Each token's QR code as a PNG, in the order of `tokens`. */
  qrCodes: Uint8Array[];
  /** The `.ics` text. */
  calendar: string;
  /** The thread that rendered them (not the main thread's 0). */
  threadId: number;
}

export default async function render({ tokens, calendar: entry }: RenderTask): Promise<RenderedAttachments> {
  const qrCodes = await Promise.all(tokens.map((token) => QRCode.toBuffer([{ data: Buffer.from(token), mode: 'byte' }], QR_OPTIONS)));
  const calendar = ical({ name: entry.cinema, method: ICalCalendarMethod.PUBLISH, prodId: { company: entry.cinema, product: 'entradas' } });
  calendar.createEvent({
    id: entry.id,
    start: new Date(entry.start),
    end: new Date(entry.end),
    summary: entry.summary,
    location: entry.location,
    description: entry.description,
  });
  return { qrCodes, calendar: calendar.toString(), threadId };
}
