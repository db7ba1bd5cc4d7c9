/**
 * The receipt's attachments rendered in a worker thread (piscina's, ticket-attachments.ts), off the event
 * loop the checkouts share in the embedded `npm start`. It imports packages only (no file of ours) and
 * uses erasable TypeScript syntax only, so the thread loads it alone: compiled (dist), or its source
 * under jest, whose transform does not reach worker threads (Node 24 strips the types itself).
 */
import { threadId } from 'node:worker_threads';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import { tzlib_get_ical_block } from 'timezones-ical-library';

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
  /** The show's start and end as instants (ISO, UTC). */
  start: string;
  end: string;
  /** The cinema's IANA time zone, which the event's times are written in. */
  timeZone: string;
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

/**
 * The zone's VTIMEZONE component from the IANA database (timezones-ical-library), named as the event's TZID names
 * it (the library names an alias by its canonical zone), or null for a zone it does not know (ical-generator then
 * writes none). UTC is never asked: its times end in Z.
 */
export function vtimezoneOf(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone);
  if (typeof block !== 'string' || !block.includes('BEGIN:VTIMEZONE')) return null;
  return block.replace(/^TZID:.*$/m, `TZID:${zone}`);
}

export default async function render({ tokens, calendar: entry }: RenderTask): Promise<RenderedAttachments> {
  const qrCodes = await Promise.all(tokens.map((token) => QRCode.toBuffer([{ data: Buffer.from(token), mode: 'byte' }], QR_OPTIONS)));
  const calendar = ical({
    name: entry.cinema,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: entry.cinema, product: 'entradas' },
    // No zone of the calendar's own (its DTSTAMP stays UTC): the generator writes the VTIMEZONE of the event's.
    timezone: { name: null, generator: vtimezoneOf },
  });
  // The times as wall time at the cinema (DTSTART;TZID=zone:…), the same instants: luxon converts, not the process's zone.
  const at = (instant: string) => DateTime.fromISO(instant, { zone: entry.timeZone });
  calendar.createEvent({
    id: entry.id,
    start: at(entry.start),
    end: at(entry.end),
    timezone: entry.timeZone,
    summary: entry.summary,
    location: entry.location,
    description: entry.description,
  });
  return { qrCodes, calendar: calendar.toString(), threadId };
}
