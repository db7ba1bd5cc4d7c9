import path from 'node:path';
import { readEnv } from '@cine/service-kit';

export const CINEMA_NAME = 'Cine';
export const DEFAULT_MAIL_FROM = `${CINEMA_NAME} <no-reply@cine.local>`;

export interface MailSettings {
  /** SMTP server; when absent each message is written as an .eml file to `outboxDir`. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
}

export function mailSettingsFromEnv(dataDir: string): MailSettings {
  return {
    smtpUrl: readEnv('SMTP_URL'),
    outboxDir: path.resolve(readEnv('MAIL_OUTBOX_DIR') ?? path.join(dataDir, 'outbox')),
    from: readEnv('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
  };
}
