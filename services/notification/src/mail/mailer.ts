import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../settings';

/** A file sent with a mail; with a `cid`, an image the HTML part shows inline (`<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  cid?: string;
}

/** What a mail says: a subject, a plain-text part, an HTML part, and files. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
  close(): void;
}

/** Through SMTP when `smtpUrl` is set, otherwise into .eml files in `outboxDir`. */
export async function createMailer(settings: MailSettings): Promise<Mailer> {
  return settings.smtpUrl ? smtpMailer(settings.smtpUrl, settings.from) : outboxMailer(settings.outboxDir, settings.from);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (to, content) => {
      await transport.sendMail({ from, to, ...content });
    },
    close: () => transport.close(),
  };
}

async function outboxMailer(outboxDir: string, from: string): Promise<Mailer> {
  await mkdir(outboxDir, { recursive: true });
  // CRLF as composed: nodemailer's `newline: 'unix'` would pipe the message through a stream that pushes each line on its
  // own (most of a receipt's CPU on the main thread); its LF line breaks are written by unixLineBreaks instead.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (to, content) => {
      const message = unixLineBreaks((await transport.sendMail({ from, to, ...content })).message as Buffer);
      const name = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      // Written under another name first, so whoever watches the folder never reads half a message.
      const partial = path.join(outboxDir, `.${name}.partial`);
      await writeFile(partial, message);
      await rename(partial, path.join(outboxDir, `${name}.eml`));
    },
    close: () => transport.close(),
  };
}

/** The message with LF line breaks: every CR byte dropped, the bytes nodemailer's `newline: 'unix'` writes, in one pass. */
export function unixLineBreaks(message: Buffer): Buffer {
  const out = Buffer.allocUnsafe(message.length);
  let length = 0;
  let from = 0;
  for (let cr = message.indexOf(0x0d); cr !== -1; cr = message.indexOf(0x0d, from)) {
    length += message.copy(out, length, from, cr);
    from = cr + 1;
  }
  length += message.copy(out, length, from);
  return out.subarray(0, length);
}
