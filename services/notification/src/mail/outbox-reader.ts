import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail read back from the outbox folder, decoded. */
export interface OutboxMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The other parts: inline images (`cid`) and attached files. */
  attachments: OutboxAttachment[];
}

interface OutboxAttachment {
  contentType: string;
  filename?: string;
  /** The Content-ID an inline part is referred to by (`cid:` in the HTML), without the angle brackets. */
  cid?: string;
  content: Buffer;
}

/**
 * Reads the .eml files the outbox mailer wrote, oldest first. For tests and
 * tools that check what was sent (the browser tests read the recovery code
 * this way); it understands the MIME that nodemailer writes, not any mail.
 */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const files = (await readdir(outboxDir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => ({ file, ...parseEml(await readFile(path.join(outboxDir, file), 'utf8')) })));
}

export function parseEml(raw: string): Omit<OutboxMail, 'file'> {
  const { headers, body } = splitEntity(raw);
  const parts = leafParts(headers, body);
  const partOfType = (type: string) => parts.find((part) => (part.headers.get('content-type') ?? '').startsWith(type));
  const text = partOfType('text/plain');
  const html = partOfType('text/html');
  return {
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    attachments: parts.filter((part) => part !== text && part !== html).map(attachmentOf),
  };
}

function attachmentOf(part: Entity): OutboxAttachment {
  const filename = /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1];
  const cid = /^<(.+)>$/.exec(part.headers.get('content-id') ?? '')?.[1];
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return {
    contentType: (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '',
    ...(filename ? { filename } : {}),
    ...(cid ? { cid } : {}),
    content: encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64') : Buffer.from(decodeBody(part), 'utf8'),
  };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: end === -1 ? '' : normalized.slice(end + 2) };
}

function leafParts(headers: Map<string, string>, body: string): Entity[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = splitEntity(chunk.replace(/^\n/, ''));
      return leafParts(part.headers, part.body);
    });
}

function decodeBody({ headers, body }: Entity): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\n/g, '')).replace(/\n$/, '');
  return body.replace(/\n$/, '');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
