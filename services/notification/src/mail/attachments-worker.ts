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
 * Whether mask `pattern` flips the module at (`row`, `col`): ISO/IEC 18004's eight data masks, as qrcode writes them
 * (its mask-pattern.js), so the mask chosen here is the one qrcode would choose.
 */
function masks(pattern: number, row: number, col: number): boolean {
  switch (pattern) {
    case 0:
      return (row + col) % 2 === 0;
    case 1:
      return row % 2 === 0;
    case 2:
      return col % 3 === 0;
    case 3:
      return (row + col) % 3 === 0;
    case 4:
      return (Math.floor(row / 2) + Math.floor(col / 3)) % 2 === 0;
    case 5:
      return ((row * col) % 2) + ((row * col) % 3) === 0;
    case 6:
      return (((row * col) % 2) + ((row * col) % 3)) % 2 === 0;
    default:
      return (((row * col) % 3) + ((row + col) % 2)) % 2 === 0;
  }
}

/**
 * For each mask, the modules it flips (1): the data modules (not `reserved`, which function patterns and format and
 * version info are) where its condition holds. They depend on the symbol's size (its version) alone: worked out once per size.
 */
function maskFlips(size: number, reserved: Uint8Array): Uint8Array[] {
  let flips = flipsBySize.get(size);
  if (!flips) {
    flips = [];
    for (let pattern = 0; pattern < 8; pattern++) {
      const flip = new Uint8Array(size * size);
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) if (!reserved[row * size + col] && masks(pattern, row, col)) flip[row * size + col] = 1;
      flips.push(flip);
    }
    flipsBySize.set(size, flips);
  }
  return flips;
}

const flipsBySize = new Map<number, Uint8Array[]>();

function xor(modules: Uint8Array, flip: Uint8Array): Uint8Array {
  const out = new Uint8Array(modules.length);
  for (let at = 0; at < modules.length; at++) out[at] = (modules[at] as number) ^ (flip[at] as number);
  return out;
}

/** The 15 format bits of error correction level M and mask `pattern`: BCH(15,5) code, XORed with 0x5412 (qrcode's format-info.js). */
function formatBits(pattern: number): number {
  const data = pattern; // level M's two bits are 00
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) if ((remainder >> bit) & 1) remainder ^= 0x537 << (bit - 10);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** Writes the format bits of `pattern` where qrcode's setupFormatInfo puts them (and the dark module). */
function writeFormat(modules: Uint8Array, size: number, pattern: number): void {
  const bits = formatBits(pattern);
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    modules[row * size + 8] = bit;
    const col = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i;
    modules[8 * size + col] = bit;
  }
  modules[(size - 8) * size + 8] = 1;
}

/**
 * The penalty of a masked symbol by ISO/IEC 18004's four rules, the sum qrcode's getPenaltyN1 to N4 give (runs of
 * five or more alike, 2×2 blocks alike, finder-like 1:1:3:1:1 patterns, the share of dark modules), computed on the
 * bytes with arithmetic instead of branches: a QR code's modules are as good as random, so branches on them are
 * mispredicted half the time.
 */
function penalty(modules: Uint8Array, size: number): number {
  let runs = 0;
  let finderLike = 0;
  let blocks = 0;
  let dark = 0;
  // Along each row (step 1), then down each column (step `size`).
  for (const [lineStep, step] of [
    [size, 1],
    [1, size],
  ] as const) {
    for (let line = 0; line < size; line++) {
      let last = 2;
      let count = 0;
      let bits = 0;
      for (let along = 0, at = line * lineStep; along < size; along++, at += step) {
        const module = modules[at] as number;
        // 1 when the module is as the one before, then the run's length so far.
        count = count * (((module ^ last) - 1) >>> 31) + 1;
        // A run of five or more costs 3, and 1 for each module past the fifth.
        runs += (((count ^ 5) - 1) >>> 31) * 3 + ((5 - count) >>> 31);
        last = module;
        bits = ((bits << 1) & 0x7ff) | module;
        if ((bits === 0x5d0 || bits === 0x05d) && along >= 10) finderLike++;
      }
    }
  }
  for (let row = 0; row < size - 1; row++) {
    const at = row * size;
    let before = (modules[at] as number) + (modules[at + size] as number);
    for (let col = 1; col < size; col++) {
      const pair = (modules[at + col] as number) + (modules[at + size + col] as number);
      // Four modules alike: their sum 0 or 4.
      blocks += (((before + pair) & 3) - 1) >>> 31;
      before = pair;
    }
  }
  for (let at = 0; at < modules.length; at++) dark += modules[at] as number;
  const deviation = Math.abs(Math.ceil((dark * 100) / modules.length / 5) - 10);
  return runs + blocks * 3 + finderLike * 40 + deviation * 10;
}

/**
 * The modules of `text`'s QR code (byte mode, level M), with the mask qrcode would choose: qrcode builds the symbol
 * once (mask 0), and its eight masks are then tried here on plain bytes, where qrcode's own search (through its
 * BitMatrix, ~1.7 ms a code) took most of the code's time. The same modules as `QRCode.create(text)` gives.
 */
function qrModules(text: string): { modules: Uint8Array; size: number } {
  // A token is base64url text, which only byte mode encodes: naming the mode skips qrcode's search for the best mix of modes.
  const symbol = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
  const { size, data, reservedBit } = symbol.modules;
  const flips = maskFlips(size, reservedBit);
  const unmasked = xor(data, flips[0] as Uint8Array);
  let best = data;
  let lowest = Infinity;
  for (let pattern = 0; pattern < 8; pattern++) {
    const candidate = xor(unmasked, flips[pattern] as Uint8Array);
    writeFormat(candidate, size, pattern);
    const score = penalty(candidate, size);
    // The first of equal penalties, as qrcode keeps it.
    if (score < lowest) {
      lowest = score;
      best = candidate;
    }
  }
  return { modules: best, size };
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
