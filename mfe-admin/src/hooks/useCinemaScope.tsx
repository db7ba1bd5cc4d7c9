import type { CinemaScope, CinemaView, Role } from '@cine/contracts';
import { useAsyncData } from '@cine/web-kit';
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchCinemas } from '../api/cinemas';
import { chosenCinemaId, selectableCinemas, sessionScope } from '../api/cinemaScope';

/** The URL parameter the back office keeps its chosen cinema in (its slug), as the buyer's pages do. */
export const CINEMA_PARAM = 'cine';

export interface CinemaScopeState {
  status: 'loading' | 'error' | 'ready';
  /** Why the cinemas could not be read. */
  message?: string;
  reload: () => void;
  scope: CinemaScope;
  /** Every cinema of the chain (the Cines section lists them; a show's cinema is named from them). */
  cinemas: CinemaView[];
  /** The ones the session may choose. */
  selectable: CinemaView[];
  /** The chosen cinema's id; '' for every cinema (an admin's "Todos los cines"). */
  cinemaId: string;
  cinema: CinemaView | undefined;
  select: (cinemaId: string) => void;
}

const CinemaScopeContext = createContext<CinemaScopeState | null>(null);

interface ProviderProps {
  role: Role;
  token: string;
  children: ReactNode;
}

/** Loads the chain's cinemas and keeps the chosen one in the URL (`?cine=<slug>`), for every section below it. */
export function CinemaScopeProvider(props: ProviderProps) {
  const [params, setParams] = useSearchParams();
  const remembered: Remembered = {
    slug: params.get(CINEMA_PARAM),
    remember: (slug) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (slug) next.set(CINEMA_PARAM, slug);
        else next.delete(CINEMA_PARAM);
        // A list's page belongs to the cinema it was of.
        next.delete('page');
        return next;
      }),
  };
  return <ScopeOf {...props} remembered={remembered} />;
}

/**
 * The same for a device that stays at one cinema (the door): the choice is remembered on the device under `storageKey`
 * and needs no router, so a door reopened offline keeps it.
 */
export function DeviceCinemaScopeProvider({ storageKey, ...props }: ProviderProps & { storageKey: string }) {
  const [slug, setSlug] = useState(() => readStored(storageKey));
  const remembered: Remembered = {
    slug,
    remember: (chosen) => {
      setSlug(chosen);
      try {
        if (chosen) localStorage.setItem(storageKey, chosen);
        else localStorage.removeItem(storageKey);
      } catch {
        // Storage denied: the choice lasts while the page stays open.
      }
    },
  };
  return <ScopeOf {...props} remembered={remembered} />;
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Where a choice is kept: its slug, and how to change it (null: every cinema). */
interface Remembered {
  slug: string | null;
  remember: (slug: string | null) => void;
}

function ScopeOf({ role, token, children, remembered }: ProviderProps & { remembered: Remembered }) {
  const cinemas = useAsyncData(fetchCinemas, 'cinemas');
  // Read again after a change (a cinema or room saved), the cinemas known stay meanwhile: the sections and their
  // open dialogs stay on screen.
  const known = useRef<CinemaView[] | null>(null);
  if (cinemas.status === 'ready') known.current = cinemas.data;
  const scope = useMemo(() => sessionScope(role, token), [role, token]);
  const all = known.current ?? [];
  const selectable = selectableCinemas(all, scope);
  const cinemaId = chosenCinemaId(selectable, scope, remembered.slug);
  const state: CinemaScopeState = {
    status:
      cinemas.status === 'ready' || (known.current && cinemas.status !== 'error')
        ? 'ready'
        : cinemas.status === 'idle'
          ? 'loading'
          : cinemas.status,
    message: cinemas.status === 'error' ? cinemas.message : undefined,
    reload: cinemas.reload,
    scope,
    cinemas: all,
    selectable,
    cinemaId,
    cinema: all.find((cinema) => cinema.id === cinemaId),
    select: (id) => remembered.remember(all.find((cinema) => cinema.id === id)?.slug ?? null),
  };
  return <CinemaScopeContext.Provider value={state}>{children}</CinemaScopeContext.Provider>;
}

/** The back office's cinema scope; outside a provider (a section rendered alone), every cinema, none known. */
export function useCinemaScope(): CinemaScopeState {
  return useContext(CinemaScopeContext) ?? OUTSIDE;
}

const OUTSIDE: CinemaScopeState = {
  status: 'ready',
  reload: () => undefined,
  scope: { all: true },
  cinemas: [],
  selectable: [],
  cinemaId: '',
  cinema: undefined,
  select: () => undefined,
};
