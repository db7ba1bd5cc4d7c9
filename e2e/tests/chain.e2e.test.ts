import { CINEMA_TIME_ZONE, type CinemaView, type ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, openPagePerTest, PHONE, uniqueEmail } from '../src/browser';
import { openSeatMap } from '../src/purchase';
import { registerThroughApi } from '../src/session';

/**
 * Issue 38's buyer at 390 px: a new visitor picks Cine Norte in the navbar's picker, the Cartelera por día
 * lists that cinema's shows alone, they buy a ticket there, and the confirmation and Mis entradas name the
 * cinema and its address.
 */
let page: Page;
openPagePerTest('chain', (opened) => (page = opened), PHONE);

const PASSWORD = 'cadena2026';

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The cinema's date `days` from today, 'yyyy-mm-dd' (Buenos Aires: Cine Norte's zone). */
function cinemaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CINEMA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

test('a new visitor picks Cine Norte, sees its shows, buys there, and the confirmation and the ticket name the cinema and its address', async () => {
  const cinemas = await get<CinemaView[]>('/cinemas');
  const norte = cinemas.find((cinema) => cinema.slug === 'norte');
  if (!norte) throw new Error('the seed has no Cine Norte');
  const tomorrow = cinemaDate(1);
  const norteShows = await get<ShowView[]>(`/show/date?date=${tomorrow}&cinemaId=${norte.id}`);
  const show = norteShows.find((candidate) => candidate.seats >= 5);
  if (!show) throw new Error('Cine Norte has no show with free seats tomorrow: the booking seed did not run');
  expect(show.cinema).toMatchObject({ id: norte.id, name: 'Cine Norte' });

  // The picker in the navbar, on a phone: '¿En qué cine?' until one is chosen, each cinema by name and city.
  await page.goto('/home');
  const picker = page.getByRole('navigation', { name: 'Principal' }).getByRole('combobox', { name: 'Cine' });
  await picker.getByRole('option', { name: 'Cine Norte · Buenos Aires' }).waitFor({ state: 'attached' });
  expect(await picker.locator('option:checked').textContent()).toBe('¿En qué cine?');
  expect(await picker.isVisible()).toBe(true);
  await picker.selectOption({ label: 'Cine Norte · Buenos Aires' });
  await page.waitForURL('**/home?cine=norte');
  expect(await page.evaluate(() => window.localStorage.getItem('cine.cinema'))).toBe('norte');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Its shows: the Cartelera por día of tomorrow lists Cine Norte's and no other cinema's.
  await page.goto(`/cartelera?fecha=${tomorrow}`);
  await page.waitForURL(`**/cartelera?fecha=${tomorrow}&cine=norte`);
  await page.getByText(`Funciones en Cine Norte · ${norte.address}`).waitFor();
  await page
    .getByRole('article', { name: show.movie.Title, exact: true })
    .getByRole('link', { name: `${show.schedule} Sala ${show.roomId}, ${show.type}: comprar entradas` })
    .waitFor();
  // Every show of Cine Norte that day and no other (asked again: the seed may still have been adding shows).
  const listed = await get<ShowView[]>(`/show/date?date=${tomorrow}&cinemaId=${norte.id}`);
  expect(await page.locator('main article li').count()).toBe(listed.length);
  expect(listed.every((listedShow) => listedShow.cinemaId === norte.id)).toBe(true);

  // Signs in (the cinema stays the device's), then buys one ticket of that show.
  const email = uniqueEmail('cadena');
  await registerThroughApi(email, `cadena${Date.now() % 100000}`, PASSWORD);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/home\?cine=norte$/);
  expect(await picker.inputValue()).toBe('norte');

  const seats = await openSeatMap(page, show, 1);
  expect(page.url()).toContain('cine=norte');
  await seats
    .getByText(/Cine Norte/)
    .first()
    .waitFor();
  await seats.getByRole('button', { name: 'Ir al Carrito' }).click();
  const cart = page.getByRole('complementary', { name: show.movie.Title });
  await cart.getByText(`Cine: Cine Norte · ${norte.address}`).waitFor();
  await cart.getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();

  // The confirmation names the cinema and its address.
  await page.waitForURL('**/compra/*');
  await page.getByRole('heading', { name: 'Compra confirmada' }).waitFor();
  const facts = page.locator('dt:text-is("Cine") + dd');
  await facts.waitFor();
  expect(await facts.innerText()).toBe(`Cine Norte\n${norte.address}`);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // And so does the ticket in Mis entradas.
  await page.getByRole('link', { name: 'Ver entradas' }).click();
  await page.waitForURL(/\/mis-entradas/);
  const ticket = page.getByRole('article', { name: show.movie.Title }).first();
  await ticket.getByText(`Cine Norte · ${norte.address}`).waitFor();
});

test('a movie not playing at the chosen cinema says where it plays; switching there keeps the day chosen on the movie page', async () => {
  const shows = await get<ShowView[]>('/show/all');
  const cinemasOf = new Map<string, Set<string>>();
  for (const show of shows) cinemasOf.set(show.movieId, (cinemasOf.get(show.movieId) ?? new Set()).add(show.cinema.slug));
  // A movie at Centro and Norte but not at Córdoba.
  const movieId = [...cinemasOf].find(([, slugs]) => slugs.has('centro') && slugs.has('norte') && !slugs.has('cordoba'))?.[0];
  if (!movieId) throw new Error('the seed has no movie at Centro and Norte alone');
  const norteDay = shows.find((show) => show.movieId === movieId && show.cinema.slug === 'norte' && show.seats > 0);
  if (!norteDay) throw new Error('no show of that movie at Cine Norte');

  await page.goto(`/movies/${movieId}?cine=cordoba`);
  const where = page.getByRole('region', { name: 'Dónde se proyecta' });
  for (let tries = 0; tries < 20 && !(await where.isVisible()); tries++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  expect(await where.innerText()).toContain('Esta película no se proyecta en Cine Córdoba. Puedes verla en:');
  await where.getByRole('link', { name: 'Cine Norte · Buenos Aires' }).click();
  await page.waitForURL(`**/movies/${movieId}?cine=norte`);

  const [, month, dayOfMonth] = norteDay.date.split('-');
  const day = page.getByLabel('Día', { exact: true });
  await day.selectOption({ label: `${norteDay.day} ${dayOfMonth}/${month}` });
  await page.getByLabel('Horario').selectOption({ label: norteDay.schedule });
  // The movie page's own cinema switch (the navbar has the other 'Cine'): Centro, the day stays.
  await page
    .getByRole('region', { name: 'Comprar entradas' })
    .getByLabel('Cine', { exact: true })
    .selectOption({ label: 'Cine Centro · Buenos Aires' });
  await page.waitForURL(`**/movies/${movieId}?cine=centro`);
  expect(await day.inputValue()).toBe(norteDay.date);
  expect(await page.getByRole('navigation', { name: 'Principal' }).getByRole('combobox', { name: 'Cine' }).inputValue()).toBe('centro');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
