import { act, renderHook, waitFor } from '@testing-library/react';
import type { CinemaView } from '@cine/contracts';
import { catalogReads, checkoutReads } from './api-client';
import {
  CINEMA_STORAGE_KEY,
  chooseCinema,
  chosenCinemaSlug,
  cinemaKey,
  fetchCinemas,
  forgetCinemas,
  keepCinemaInUrl,
  rememberedCinemas,
  withCinema,
} from './chosen-cinema';
import { useChosenCinema } from './use-chosen-cinema';
import { installFakeApi } from './testing/fake-api';

const cinema = (id: string, slug: string, name: string, city: string): CinemaView => ({
  id,
  slug,
  name,
  city,
  address: `${name} 123`,
  hours: 'De 12 a 24',
  timeZone: 'America/Argentina/Buenos_Aires',
  rooms: [],
});
const CENTRO = cinema('c1e000000000000000000001', 'centro', 'Cine Centro', 'Buenos Aires');
const NORTE = cinema('c1e000000000000000000002', 'norte', 'Cine Norte', 'Buenos Aires');

beforeEach(() => {
  window.localStorage.clear();
  forgetCinemas();
  window.history.replaceState(null, '', '/home');
});

test('the URL’s ?cine= wins, else the device’s choice, else none', () => {
  expect(chosenCinemaSlug()).toBeNull();
  window.localStorage.setItem(CINEMA_STORAGE_KEY, 'centro');
  expect(chosenCinemaSlug()).toBe('centro');
  window.history.replaceState(null, '', '/home?cine=norte');
  expect(chosenCinemaSlug()).toBe('norte');
  // Not a slug: ignored.
  window.history.replaceState(null, '', '/home?cine=%3Cscript%3E');
  expect(chosenCinemaSlug()).toBe('centro');
});

test('choosing remembers on the device and in the URL, keeping the router’s history state and the rest of the query', () => {
  window.history.replaceState({ idx: 3, key: 'k' }, '', '/movies/m1?funcion=abc');
  chooseCinema('norte');
  expect(window.localStorage.getItem(CINEMA_STORAGE_KEY)).toBe('norte');
  expect(window.location.pathname + window.location.search).toBe('/movies/m1?funcion=abc&cine=norte');
  expect(window.history.state).toEqual({ idx: 3, key: 'k' });
  chooseCinema(null);
  expect(window.localStorage.getItem(CINEMA_STORAGE_KEY)).toBeNull();
  expect(window.location.search).toBe('?funcion=abc');
});

test('a shared link’s cinema becomes the device’s; a page of listings or showtimes without one gets the device’s', () => {
  window.history.replaceState(null, '', '/compra/o1?cine=norte');
  keepCinemaInUrl();
  expect(window.localStorage.getItem(CINEMA_STORAGE_KEY)).toBe('norte');
  for (const path of ['/home', '/cartelera?fecha=2026-11-28', '/movies/m1?funcion=abc', '/']) {
    window.history.replaceState(null, '', path);
    keepCinemaInUrl();
    expect(window.location.search).toMatch(/[?&]cine=norte$/);
  }
  // An order, the account, signing in: left as they are.
  for (const path of ['/compra/o1', '/mis-entradas', '/login?volver=%2Fhome']) {
    window.history.replaceState(null, '', path);
    keepCinemaInUrl();
    expect(window.location.pathname + window.location.search).toBe(path);
  }
});

test('withCinema sets or removes ?cine= on a path', () => {
  expect(withCinema('/movies/m1?funcion=abc', 'norte')).toBe('/movies/m1?funcion=abc&cine=norte');
  expect(withCinema('/home?cine=centro', 'norte')).toBe('/home?cine=norte');
  expect(withCinema('/home?cine=centro', null)).toBe('/home');
});

test('listings of one cinema carry ?cinemaId=, every cinema’s without it', () => {
  expect(catalogReads.billboardOf(NORTE.id)).toBe(`/movies/billboard?cinemaId=${NORTE.id}`);
  expect(catalogReads.premieresOf(null)).toBe('/movies/Premieres');
  expect(catalogReads.showsOnDate('2026-11-28', NORTE.id)).toBe(`/show/date?date=2026-11-28&cinemaId=${NORTE.id}`);
  expect(checkoutReads.showsOfMovie('m1', NORTE.id)).toBe(`/show/all?movieId=m1&cinemaId=${NORTE.id}`);
  expect(cinemaKey({ status: 'pending', cinemaId: null }, 'billboard')).toBeNull();
  expect(cinemaKey({ status: 'none', cinemaId: null }, 'billboard')).toBe('billboard@all');
  expect(cinemaKey({ status: 'chosen', cinemaId: NORTE.id }, 'billboard')).toBe(`billboard@${NORTE.id}`);
});

test('the cinemas are asked once per page load, remembered for the next, and asked again after a failure', async () => {
  const api = installFakeApi();
  let fail = true;
  api.on('GET', '/api/cinemas', () => (fail ? { status: 503, body: { error: 'No disponible' } } : { status: 200, body: [CENTRO, NORTE] }));
  await expect(fetchCinemas()).rejects.toThrow('No disponible');
  fail = false;
  await expect(fetchCinemas()).resolves.toEqual([CENTRO, NORTE]);
  await fetchCinemas();
  expect(api.requestsTo('GET', '/api/cinemas')).toHaveLength(2);
  expect(rememberedCinemas()).toEqual([CENTRO, NORTE]);
});

test('useChosenCinema: pending until the list names the slug, then the cinema; a choice anywhere updates it', async () => {
  const api = installFakeApi();
  api.on('GET', '/api/cinemas', { status: 200, body: [CENTRO, NORTE] });
  const { result } = renderHook(() => useChosenCinema());
  expect(result.current.status).toBe('none');
  await waitFor(() => expect(result.current.cinemas.status).toBe('ready'));
  act(() => chooseCinema('norte'));
  expect(result.current).toMatchObject({ status: 'chosen', slug: 'norte', cinemaId: NORTE.id });
  expect(result.current.cinema?.name).toBe('Cine Norte');

  // Another tab (or app) chose: the storage event brings it.
  window.history.replaceState(null, '', '/home');
  window.localStorage.setItem(CINEMA_STORAGE_KEY, 'centro');
  act(() => window.dispatchEvent(new StorageEvent('storage', { key: CINEMA_STORAGE_KEY })));
  expect(result.current.cinemaId).toBe(CENTRO.id);
});

test('useChosenCinema: a slug the chain lacks counts as none once the list is known', async () => {
  const api = installFakeApi();
  api.on('GET', '/api/cinemas', { status: 200, body: [CENTRO] });
  window.localStorage.setItem(CINEMA_STORAGE_KEY, 'cerrado');
  const { result } = renderHook(() => useChosenCinema());
  expect(result.current.status).toBe('pending');
  await waitFor(() => expect(result.current.status).toBe('none'));
  expect(result.current.cinema).toBeNull();
});

test('the module the shell’s entry reads (landing preloads) imports no React: the shared React loads after it', async () => {
  await jest.isolateModulesAsync(async () => {
    jest.doMock('react', () => {
      throw new Error('chosen-cinema imported React');
    });
    await expect(import('./chosen-cinema')).resolves.toHaveProperty('rememberedCinemaId');
  });
});
