import { formatMoney, localDateTime, type MovieView, type SalesTotals, type ShowView } from '@cine/contracts';
import type { Locator, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { openPagePerTest, PHONE, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn, registerThroughApi } from '../src/session';
import { callApi as call } from '../src/api';

// Issue 35: Spanish on every screen (dates, genres, one form of address) and a back office usable on real screens.

const PASSWORD = 'entradas2026';
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const ENGLISH_MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/;
/** '3 de diciembre de 2026'. */
const SPANISH_DATE = /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/;
/** A PNG of 1×1: the upload checks the content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The cinema's today ('yyyy-mm-dd'). */
const cinemaToday = () => localDateTime(new Date()).date;

const token = async (email: string, password: string) =>
  (await call<{ token: string }>('POST', '/auth/login', null, { email, password })).token;

/** Logs in as the admin and opens a section of the panel. */
async function openSection(page: Page, name: string) {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  return page.getByRole('region', { name, exact: true });
}

/** True when the table is wider than its card, which then scrolls sideways. */
const scrollsSideways = (page: Page, tableName: string) =>
  page
    .getByRole('table', { name: tableName, exact: true })
    .evaluate((table) => (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0) + 1);

/** The column names a card shows beside its cells (CSS generated content, which innerText leaves out). */
const cellLabels = (row: Locator) =>
  row.locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content.replace(/^"|"$/g, '')));

describe('on a phone', () => {
  let page: Page;
  openPagePerTest('spanish-phone', (opened) => (page = opened), PHONE);

  test('premieres read their date in Spanish, on the home cards and on the movie page', async () => {
    await page.goto('/home');
    const premieres = page.getByRole('region', { name: 'PRÓXIMOS ESTRENOS' });
    await premieres
      .getByText(/^Estreno: /)
      .first()
      .waitFor();
    const releases = await premieres.getByText(/^Estreno: /).allTextContents();
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) expect(release.replace('Estreno: ', '')).toMatch(SPANISH_DATE);
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH_MONTH);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const [upcoming] = await call<MovieView[]>('GET', '/movies/Premieres', null);
    if (!upcoming) throw new Error('no premieres: the catalog seed did not run');
    await page.goto(`/movies/${upcoming.id}`);
    const notice = page.getByText(/^Entradas disponibles a partir del /);
    await notice.waitFor();
    expect((await notice.innerText()).replace('Entradas disponibles a partir del ', '')).toMatch(SPANISH_DATE);
    expect(await notice.innerText()).not.toContain(upcoming.ReleaseText);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('Funciones is a list of cards: nothing scrolls sideways and every action of a show is on screen', async () => {
    const section = await openSection(page, 'Funciones de peliculas');
    const table = section.getByRole('table', { name: 'Funciones' });
    const row = table.getByRole('row').nth(1);
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await scrollsSideways(page, 'Funciones')).toBe(false);
    // Each cell says which column it is; the actions fit the screen.
    expect(await cellLabels(row)).toEqual(['Horarios', 'Dia', 'Pelicula', 'Sala', 'Tipo', 'Asientos', 'Ocupación', 'Modificar']);
    for (const name of [/^Modificar la función/, /^Cancelar la función/, /^Borrar la función/, /^Ver mapa/]) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('Ventas shows its totals and candy on a phone without a sideways scroll', async () => {
    const section = await openSection(page, 'Ventas de peliculas');
    const totals = section.getByRole('region', { name: /^Totales/ });
    await totals.getByText('Total vendido').waitFor();
    await totals.getByText('Candy', { exact: true }).waitFor();
    await section.getByRole('table', { name: 'Ventas de peliculas' }).or(section.getByText('Todavía no hay ventas.')).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('at 1366 px', () => {
  let page: Page;
  openPagePerTest('spanish-desktop', (opened) => (page = opened), DESKTOP);

  test("a movie tagged 'Aventuras' and 'Fantasia' in the back office is found by the home filter's 'Aventura' and 'Fantasía'", async () => {
    await openSection(page, 'Peliculas');
    await page.getByRole('button', { name: 'Agregar Pelicula' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Pelicula' });
    const title = `Aventura de prueba ${Date.now()}`;
    await dialog.getByLabel('Título').fill(title);
    await dialog.getByLabel('Idioma').fill('Español');
    await dialog.getByLabel('Trama').fill('Una búsqueda por géneros de punta a punta.');
    await dialog.getByLabel('Director').fill('Lucrecia Martel');
    await dialog.getByLabel('Actores').fill('Ana, Bruno');
    for (const genre of ['Aventuras', 'Fantasia']) {
      await dialog.getByLabel('Género', { exact: true }).selectOption(genre);
      await dialog.getByRole('button', { name: 'Agregar género' }).click();
    }
    await dialog.getByLabel('Fecha de estreno').fill(cinemaToday());
    await dialog.getByLabel('Clasificación').selectOption('ATP');
    await dialog.getByLabel('Tipo').selectOption('3D');
    await dialog.getByLabel('Duración (minutos)').fill('101');
    await dialog.getByLabel('Póster').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Vista previa del póster' }).waitFor();
    await dialog.getByLabel('Trailer').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Crear Pelicula' }).click();
    await page.getByText('Película creada con éxito.').waitFor();

    await page.goto('/home');
    const billboard = page.getByRole('region', { name: 'EN CARTELERA' });
    for (const genre of ['Aventura', 'Fantasía']) {
      await page.getByLabel('Género').selectOption(genre);
      await billboard.getByRole('link', { name: title }).waitFor({ state: 'attached' });
    }
    await page.getByLabel('Género').selectOption('Drama');
    await billboard.getByRole('link', { name: title }).waitFor({ state: 'detached' });

    // A seeded movie's 'Aventura' is the back office's 'Aventuras': tagging it again is a repeat.
    const movies = await call<MovieView[]>('GET', '/movies/billboard', null);
    const seeded = movies.find((movie) => movie.Genre.split(', ').includes('Aventura') && movie.Genre.split(', ').length < 4);
    if (!seeded) throw new Error('no seeded movie of Aventura with room for a genre');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Peliculas', exact: true }).click();
    await page.getByRole('button', { name: seeded.Title, exact: true }).click();
    const edit = page.getByRole('dialog', { name: seeded.Title });
    await edit.getByLabel('Género', { exact: true }).selectOption('Aventuras');
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (shown) => void shown.accept().then(() => resolve(shown.message()))),
    );
    await edit.getByRole('button', { name: 'Agregar género' }).click();
    expect(await alert).toBe('No puedes ingresar mas de cuatro géneros y tampoco repetirlos.');
  });

  test('Funciones fits 1366 px: no sideways scroll, short occupancy, Cancelar away from the trash button; the dialogs say "tú"', async () => {
    const section = await openSection(page, 'Funciones de peliculas');
    const table = section.getByRole('table', { name: 'Funciones' });
    const row = table.getByRole('row').nth(1);
    await row.waitFor();
    await row.getByText(/vendidos? ·/).waitFor();
    // A table, not cards: its header row shows and its cells carry no generated names.
    await table.getByRole('columnheader', { name: /Horarios/ }).waitFor();
    expect(new Set(await cellLabels(row))).toEqual(new Set(['none']));
    expect(await scrollsSideways(page, 'Funciones')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const name of [/^Modificar la función/, /^Cancelar la función/, /^Borrar la función/]) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect(box && box.x + box.width <= 1366 && box.y + box.height <= 768 * 3).toBe(true);
    }
    // The occupancy takes two lines, not seven.
    const occupancy = row.getByText(/vendidos? ·/);
    const lineHeight = await occupancy.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
    expect(((await occupancy.boundingBox())?.height ?? 0) / lineHeight).toBeLessThan(1.6);
    // Cancelar (a refund of every sale) is not beside the delete's trash button.
    const cells = row.getByRole('cell');
    expect(
      await cells
        .nth(7)
        .getByRole('button', { name: /^Cancelar la función/ })
        .count(),
    ).toBe(0);
    expect(
      await cells
        .nth(7)
        .getByRole('button', { name: /^Borrar la función/ })
        .count(),
    ).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Agregar Funcion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Funciones' });
    await dialog.getByRole('form', { name: 'Crear Funciones' }).waitFor();
    const options = await dialog.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Selecciona una sala', 'Selecciona un tipo']));
    expect(options.join(' ')).not.toMatch(/Seleccione/);
  });

  test('Ventas has its totals with the candy revenue, and one date format', async () => {
    const admin = await token(ADMIN_EMAIL, ADMIN_PASSWORD);
    const shows = await call<ShowView[]>('GET', '/show/all', null);
    const show = shows.find((candidate) => candidate.seats >= 10 && Date.parse(candidate.startsAt) > Date.now() + 30 * 60_000);
    if (!show) throw new Error('no show with free seats');
    const email = uniqueEmail('totales');
    const buyerId = await registerThroughApi(email, `totales${Date.now() % 100000}`, PASSWORD);
    const buyer = await token(email, PASSWORD);
    const candy = await call<Array<{ id: string; name: string; price: number; quantity?: number }>>('GET', '/candy', null);
    const item = candy.find((candidate) => (candidate.quantity ?? 10) >= 2);
    if (!item) throw new Error('no candy in stock');
    const before = await call<SalesTotals>('GET', '/sales/totals', admin);
    await call('POST', '/tickets/addTickets', buyer, { userId: buyerId, seats: 2, showId: show.id });
    await call('POST', '/candy/add', buyer, { index: item.id, quantity: 2, userId: buyerId });
    await call('POST', '/movies/checkout', buyer, { ticket: 2, show: show.id, idUser: buyerId, paymentMethodId: 'pm_card_visa' });
    // Sales hears of the order by an event: it counts it a moment later.
    let after = before;
    for (let tries = 0; tries < 50 && after.candy.totalPrice === before.candy.totalPrice; tries++) {
      await page.waitForTimeout(200);
      after = await call<SalesTotals>('GET', '/sales/totals', admin);
    }
    expect(after.candy.totalPrice - before.candy.totalPrice).toBe(2 * item.price);

    const section = await openSection(page, 'Ventas de peliculas');
    const totals = section.getByRole('region', { name: 'Totales de todas las ventas' });
    const figures = totals.getByLabel('Totales del período');
    await figures.getByText(formatMoney(after.totalPrice), { exact: true }).waitFor();
    expect(await figures.innerText()).toContain(`Candy\n${formatMoney(after.candy.totalPrice)}`);
    const candyTable = totals.getByRole('table', { name: 'Ventas de candy' });
    await candyTable.getByRole('row').filter({ hasText: item.name }).first().waitFor();
    // The summary adds its rows up.
    await section.getByRole('table', { name: 'Ventas de peliculas' }).getByRole('rowheader', { name: 'Total' }).waitFor();

    // Dates one way: dd/mm/aaaa, never the API's yyyy-mm-dd or a two-digit year.
    await section.getByRole('table', { name: 'Ocupación por función' }).getByRole('row').nth(1).waitFor();
    const text = await section.innerText();
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text).toMatch(/\b\d{2}\/\d{2}\/\d{4}\b/);
    expect(await scrollsSideways(page, 'Ventas de peliculas')).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The period's totals: today only.
    const today = cinemaToday();
    const period = section.getByRole('form', { name: 'Período de los reportes' });
    await period.getByLabel('Desde').fill(today);
    await period.getByRole('button', { name: 'Aplicar período' }).click();
    await section
      .getByRole('region', { name: /^Totales desde el \d{2}\/\d{2}\/\d{4}$/ })
      .getByText('Total vendido')
      .waitFor();
  });
});
