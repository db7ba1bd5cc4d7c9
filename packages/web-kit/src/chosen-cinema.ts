/**
 * The buyer's cinema (issue 38): which cinema of the chain the listings, showtimes and purchases follow.
 * The URL's `?cine=<slug>` wins, else what this device remembers (localStorage), else none (every cinema).
 * Every web app bundles its own copy of web-kit, so the state lives where all of them see it: the URL,
 * localStorage and a window event; the cinema list is fetched once per page load for all of them.
 * No React here: the shell's entry reads it before the shared React is loaded (use-chosen-cinema has the hooks).
 */
import { CINEMA_QUERY_PARAM, type CinemaView } from '@cine/contracts';
import { api } from './api-client';

/** Where the device remembers the chosen cinema's slug. */
export const CINEMA_STORAGE_KEY = 'cine.cinema';
/** The last cinema list answered, so the chosen slug's id is known before the list is asked again. */
const CINEMAS_STORAGE_KEY = 'cine.cinemas';
/** Fired on window when the choice changes in this tab (every bundle listens). */
export const CINEMA_CHOSEN = 'cine:cinema-chosen';

export const cinemaReads = { cinemas: '/cinemas' } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedSlug(): string | null {
  try {
    const slug = storage()?.getItem(CINEMA_STORAGE_KEY) ?? null;
    return slug && SLUG.test(slug) ? slug : null;
  } catch {
    return null;
  }
}

/** The slug a URL's search part names (`?cine=norte`), or null. */
export function cinemaSlugOfSearch(search: string): string | null {
  const slug = new URLSearchParams(search).get(CINEMA_QUERY_PARAM);
  return slug && SLUG.test(slug) ? slug : null;
}

/** The chosen cinema's slug: the URL's, else the device's, else null (no cinema chosen yet). */
export function chosenCinemaSlug(search: string = window.location.search): string | null {
  return cinemaSlugOfSearch(search) ?? storedSlug();
}

/** `path` (with or without a query) with `?cine=<slug>` set, or removed when `slug` is null. */
export function withCinema(path: string, slug: string | null): string {
  const url = new URL(path, 'https://cine.invalid');
  if (slug) url.searchParams.set(CINEMA_QUERY_PARAM, slug);
  else url.searchParams.delete(CINEMA_QUERY_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

function announce(slug: string | null): void {
  window.dispatchEvent(new CustomEvent<string | null>(CINEMA_CHOSEN, { detail: slug }));
}

function rememberSlug(slug: string | null): void {
  try {
    if (slug) storage()?.setItem(CINEMA_STORAGE_KEY, slug);
    else storage()?.removeItem(CINEMA_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the URL still carries the choice.
  }
}

/** Writes the URL's `?cine=` in place: no navigation, the router's history entry stays the same. */
function replaceUrlCinema(slug: string | null): void {
  const { pathname, search, hash } = window.location;
  const next = withCinema(`${pathname}${search}${hash}`, slug);
  if (next !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, '', next);
}

/** The buyer chooses a cinema (null: none, every cinema): remembered on the device and in the URL. */
export function chooseCinema(slug: string | null): void {
  const previous = chosenCinemaSlug();
  rememberSlug(slug);
  replaceUrlCinema(slug);
  if (previous !== slug) announce(slug);
}

/** The pages whose content is the chosen cinema's: their URL names it, so a shared link shows the same. */
const CINEMA_PAGES = /^\/(?:home\/?|cartelera\/?|movies\/[^/]+\/?)?$/;

/**
 * The shell calls it on every navigation: a URL that names a cinema makes it the device's choice (a shared
 * link); a page of the cinema's listings or showtimes without one gets the device's, so the links the apps
 * build without `?cine=` keep it. Other pages (an order, the account) are left as they are.
 */
export function keepCinemaInUrl(): void {
  const fromUrl = cinemaSlugOfSearch(window.location.search);
  const stored = storedSlug();
  if (fromUrl && fromUrl !== stored) {
    rememberSlug(fromUrl);
    announce(fromUrl);
  } else if (!fromUrl && stored && CINEMA_PAGES.test(window.location.pathname)) {
    replaceUrlCinema(stored);
  }
}

type CinemaCache = { list: Promise<CinemaView[]> | null };

// One request per page load for every bundle (the shell and each remote bundle their own web-kit).
function cache(): CinemaCache {
  const holder = globalThis as { __CINE_CINEMAS__?: CinemaCache };
  holder.__CINE_CINEMAS__ ??= { list: null };
  return holder.__CINE_CINEMAS__;
}

/** The cinemas list answered last on this device, or null: lets a page know the chosen cinema's id at once. */
export function rememberedCinemas(): CinemaView[] | null {
  try {
    const text = storage()?.getItem(CINEMAS_STORAGE_KEY);
    const list: unknown = text ? JSON.parse(text) : null;
    return Array.isArray(list) ? (list as CinemaView[]) : null;
  } catch {
    return null;
  }
}

/** The chosen cinema's id as far as this device knows it without asking (the shell's preloads), else null. */
export function rememberedCinemaId(search: string = window.location.search): string | null {
  const slug = chosenCinemaSlug(search);
  return (slug && rememberedCinemas()?.find((cinema) => cinema.slug === slug)?.id) || null;
}

/** GET /api/cinemas, asked once per page load (a failure is asked again next time). */
export function fetchCinemas(): Promise<CinemaView[]> {
  const held = cache();
  if (!held.list) {
    held.list = api.get<CinemaView[]>(cinemaReads.cinemas).then(
      (cinemas) => {
        try {
          storage()?.setItem(CINEMAS_STORAGE_KEY, JSON.stringify(cinemas));
        } catch {
          // Not remembered: the next page load asks before knowing the id.
        }
        return cinemas;
      },
      (error: unknown) => {
        held.list = null;
        throw error;
      },
    );
  }
  return held.list;
}

/** Forgets the cinemas list of this page load (tests; a retry after a failure asks again anyway). */
export function forgetCinemas(): void {
  cache().list = null;
  try {
    storage()?.removeItem(CINEMAS_STORAGE_KEY);
  } catch {
    // Nothing remembered.
  }
}

/**
 * The key a listing loads under (useAsyncData): null while the chosen cinema is pending (nothing is asked
 * yet), else the base with the cinema's id (or 'all').
 */
export function cinemaKey(chosen: { status: 'none' | 'pending' | 'chosen'; cinemaId: string | null }, base: string): string | null {
  if (chosen.status === 'pending') return null;
  return `${base}@${chosen.cinemaId ?? 'all'}`;
}
