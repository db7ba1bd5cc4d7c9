import path from 'node:path';
import { DEFAULT_CINEMA_TIME_ZONE, FIRST_CINEMA_ID, type CinemaInfo, type EventCinema } from '@cine/contracts';
import { cinemaInfoFromEnv, positiveIntegerEnv, readEnv } from '@cine/service-kit';

/** The cinema the mails speak for: its name, address, hours and money (CINEMA_* variables, read once at start). */
export const CINEMA: CinemaInfo = cinemaInfoFromEnv();
export const CINEMA_NAME = CINEMA.name;
export const DEFAULT_MAIL_FROM = `${CINEMA_NAME} <no-reply@cine.local>`;

/** The first cinema as the configuration describes it: the cinema of an order event from before the chain. */
const FIRST_CINEMA: EventCinema = {
  id: FIRST_CINEMA_ID,
  name: CINEMA.name,
  address: CINEMA.address,
  timeZone: readEnv('CINEMA_TIME_ZONE')?.trim() || DEFAULT_CINEMA_TIME_ZONE,
};

/** The cinema an order event is about (issue 38): the one it carries, or the first cinema on an older event. */
export function cinemaOf(event: { cinema?: EventCinema }): EventCinema {
  return event.cinema ?? FIRST_CINEMA;
}

export interface MailSettings {
  /** SMTP server; when absent each message is written as an .eml file to `outboxDir`. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  /** Worker threads rendering the receipts' QR codes and calendar entries (RECEIPT_RENDER_THREADS, default 1); started with the first receipt. */
  renderThreads: number;
}

export function mailSettingsFromEnv(dataDir: string): MailSettings {
  return {
    smtpUrl: readEnv('SMTP_URL'),
    outboxDir: path.resolve(readEnv('MAIL_OUTBOX_DIR') ?? path.join(dataDir, 'outbox')),
    from: readEnv('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
    renderThreads: positiveIntegerEnv('RECEIPT_RENDER_THREADS', 1, 'threads'),
  };
}

/** A fixed window: at most `max` requests per `windowMs`. */
interface RateLimit {
  max: number;
  windowMs: number;
}

export interface NewsletterSettings {
  /** The site's address as a subscriber's browser reaches it; the confirmation link points there. */
  publicUrl: string;
  /** Confirmation mails to one address (lower-case, plus-part stripped). */
  perAddress: RateLimit;
  /** Subscription requests from one client address (an IPv6 client by its /64). */
  perClient: RateLimit;
  /** How long a confirmation link works. */
  confirmationTtlMs: number;
}

const HOUR_MS = 60 * 60_000;

export function newsletterSettingsFromEnv(): NewsletterSettings {
  return {
    publicUrl: (readEnv('PUBLIC_URL') ?? 'http://localhost:8080').replace(/\/+$/, ''),
    perAddress: { max: positiveIntegerEnv('NEWSLETTER_MAILS_PER_ADDRESS', 3, 'mails'), windowMs: 24 * HOUR_MS },
    perClient: { max: positiveIntegerEnv('NEWSLETTER_REQUESTS_PER_CLIENT', 10, 'requests'), windowMs: HOUR_MS },
    confirmationTtlMs: 48 * HOUR_MS,
  };
}
