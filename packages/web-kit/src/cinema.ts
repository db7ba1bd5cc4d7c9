/**
 * The cinema as the gateway's /config.js describes it (CINEMA_* variables): its name, address,
 * hours, and how it writes money. Every web app reads it here, so the site has one money format.
 */
import { useEffect } from 'react';
import { DEFAULT_CANCELLATION_WINDOW_MINUTES, DEFAULT_CINEMA, formatMoney as formatMoneyAs, type CinemaInfo } from '@cine/contracts';

/** What the gateway's /config.js sets before the shell starts (see the gateway's options.ts). */
export interface CineRuntimeConfig {
  remotes?: Partial<Record<'catalog' | 'checkout' | 'admin', string>>;
  stripePublishableKey?: string | null;
  cinema?: Partial<CinemaInfo>;
  /** How long before its show a purchase may still be cancelled (booking's CANCELLATION_WINDOW_MINUTES). */
  cancellationWindowMinutes?: number;
}

/** The runtime configuration, or nothing when a page runs without the gateway (tests, a remote alone). */
export function runtimeConfig(): CineRuntimeConfig {
  return (globalThis as { __CINE_CONFIG__?: CineRuntimeConfig }).__CINE_CONFIG__ ?? {};
}

/** The configured cinema; each field left out (or blank) is the default's. */
export function cinemaInfo(): CinemaInfo {
  const configured = runtimeConfig().cinema ?? {};
  const info = { ...DEFAULT_CINEMA };
  for (const key of Object.keys(info) as Array<keyof CinemaInfo>) {
    const value = configured[key];
    if (typeof value === 'string' && value.trim().length > 0) info[key] = value.trim();
  }
  return info;
}

/** Minutes before its show until which a buyer may cancel a purchase, as booking applies it. */
export function cancellationWindowMinutes(): number {
  const configured = runtimeConfig().cancellationWindowMinutes;
  return typeof configured === 'number' && Number.isInteger(configured) && configured > 0
    ? configured
    : DEFAULT_CANCELLATION_WINDOW_MINUTES;
}

/** Cents in the cinema's money: 1250 → '$ 12,50' by default (es-AR, ARS). The site's one money format. */
export function formatMoney(cents: number): string {
  return formatMoneyAs(cents, cinemaInfo());
}

/** 'Cine — Mis compras': the document title of a page; the cinema's name alone without one. */
export function pageTitle(title?: string): string {
  const { name } = cinemaInfo();
  return title ? `${name} — ${title}` : name;
}

/** Sets the document title while the page shows (null: leaves it as it is, e.g. while its data loads). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === null) return;
    document.title = pageTitle(title);
  }, [title]);
}
