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
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (to, content) => {
      const { message } = await transport.sendMail({ from, to, ...content });
      const name = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      // Written under another name first, so whoever watches the folder never reads half a message.
      const partial = path.join(outboxDir, `.${name}.partial`);
      await writeFile(partial, message as Buffer);
      await rename(partial, path.join(outboxDir, `${name}.eml`));
    },
    close: () => transport.close(),
  };
}
