/**
 * The receipt's attachments rendered in a worker thread (piscina's, ticket-attachments.ts), off the event
 * loop the checkouts share in the embedded `npm start`. It imports packages only (no file of ours) and
 * uses erasable TypeScript syntax only, so the thread loads it alone: compiled (dist), or its source
 * under jest, whose transform does not reach worker threads (Node 24 strips the types itself).
 */
import { threadId } from 'node:worker_threads';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { tzlib_get_ical_block } from 'timezones-ical-library';

/** Pixels per QR module: a ~325 px image for a ticket's token, read by a phone at arm's length from a screen or paper. */
const QR_SCALE = 5;
/** Light modules around the code (its quiet zone). */
const QR_MARGIN = 2;

/**
 * The modules of `text`'s QR code (byte mode, level M, the mask qrcode chooses by the standard's penalty rules): one
 * byte a module, row by row. A token is base64url text, which only byte mode encodes: naming the mode skips qrcode's
 * search for the best mix of modes.
 */
function qrModules(text: string): { modules: Uint8Array; size: number } {
  const { size, data } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
  return { modules: data, size };
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * `text`'s QR code as a PNG: black modules on white, QR_SCALE pixels each, QR_MARGIN modules of quiet zone; the
 * pixels qrcode's PNG renderer draws (`QRCode.toBuffer` with scale 5, margin 2, level M), written as a 1-bit
 * grayscale image instead of its RGBA one: ~40 times fewer bytes to filter and deflate (~0.1 ms instead of ~3 ms)
 * and a file of ~1 KB instead of ~12 KB for the mail to carry in base64. Opaque, as qrcode's (its alpha was 255).
 */
export function qrPng(text: string): Buffer {
  const { modules, size } = qrModules(text);
  const width = (size + 2 * QR_MARGIN) * QR_SCALE;
  const stride = 1 + Math.ceil(width / 8);
  // Every pixel white (a set bit), each row's filter byte 0 (none); then each module row's pixels drawn once and copied
  // to its QR_SCALE pixel rows.
  const raw = Buffer.alloc(stride * width, 0xff);
  for (let y = 0; y < width; y++) raw[y * stride] = 0;
  const row = new Uint8Array(stride);
  for (let moduleRow = 0; moduleRow < size; moduleRow++) {
    row.fill(0xff);
    row[0] = 0;
    for (let col = 0; col < size; col++) {
      if (modules[moduleRow * size + col] === 0) continue;
      for (let x = (col + QR_MARGIN) * QR_SCALE, end = x + QR_SCALE; x < end; x++)
        row[1 + (x >> 3)] = (row[1 + (x >> 3)] as number) & ~(0x80 >> (x & 7));
    }
    const first = (moduleRow + QR_MARGIN) * QR_SCALE;
    for (let y = first; y < first + QR_SCALE; y++) raw.set(row, y * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  // Bit depth 1, color type 0 (grayscale), compression 0, filter method 0, no interlace.
  header.set([1, 0, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

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

/** Each zone's VTIMEZONE once worked out (the library's database does not change while the process runs): the cinemas' few zones. */
const vtimezones = new Map<string, string | null>();

/**
 * The zone's VTIMEZONE component from the IANA database (timezones-ical-library), named as the event's TZID names
 * it (the library names an alias by its canonical zone), or null for a zone it does not know (ical-generator then
 * writes none). UTC is never asked: its times end in Z.
 */
export function vtimezoneOf(zone: string): string | null {
  let vtimezone = vtimezones.get(zone);
  if (vtimezone === undefined) {
    const [block] = tzlib_get_ical_block(zone);
    vtimezone = typeof block === 'string' && block.includes('BEGIN:VTIMEZONE') ? block.replace(/^TZID:.*$/m, `TZID:${zone}`) : null;
    vtimezones.set(zone, vtimezone);
  }
  return vtimezone;
}

export default async function render({ tokens, calendar: entry }: RenderTask): Promise<RenderedAttachments> {
  const qrCodes = tokens.map(qrPng);
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
