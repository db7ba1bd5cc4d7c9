// Issue 40: a premiere's sale behind a fair waiting room, in Chromium against `npm start`.
import { PRESALE_MESSAGES, type PresaleView, type RoomView, type ShowView } from '@cine/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { callApi as call } from '../src/api';
import { baseUrl, launchBrowser, newPage, PHONE, screenshot, uniqueEmail } from '../src/browser';
import { cinemaBySlug } from '../src/cinemas';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn, registerThroughApi } from '../src/session';

jest.setTimeout(240_000);

const PASSWORD = 'preventa2026';
/** One admission every 15 s: the second in line waits while the first buys. */
const ADMIT_PER_MINUTE = 4;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await browser.close();
});

interface Buyer {
  page: Page;
  id: string;
  token: string;
}

/** A registered buyer signed in in a browser of their own. */
async function buyer(label: string, options = {}): Promise<Buyer> {
  const { context, page } = await newPage(browser, options);
  contexts.push(context);
  const email = uniqueEmail(label);
  const id = await registerThroughApi(email, `${label}${Date.now() % 100000}`, PASSWORD);
  await logIn(page, email, PASSWORD);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email, password: PASSWORD });
  return { page, id, token };
}

/** A show in a new room of Cine Centro with one row of 4 seats: two buyers of 2 tickets sell it out. */
async function aShowOfFourSeats(adminToken: string): Promise<ShowView> {
  const centro = await cinemaBySlug('centro');
  const room = await call<RoomView>('POST', `/cinemas/${centro.id}/rooms`, adminToken, {
    name: `Preventa ${Date.now() % 1_000_000}`,
    layout: { rows: [4], aisles: [], wheelchair: [] },
  });
  const [movie] = await call<Array<{ id: string }>>('GET', '/movies/billboard', null);
  if (!movie) throw new Error('the billboard is empty');
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return call<ShowView>('POST', '/show', adminToken, {
    data: { movieId: movie.id, roomId: room.id, cinemaId: centro.id, date, schedule: '21:00', type: '2D', price: 900 },
  });
}

/** The text of the focused element (what Tab reached). */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** The buyer's standing as the waiting page lists it ("Tu lugar2Personas delante1Espera estimada…"). */
const standingOf = (page: Page): Locator => page.getByLabel('Tu lugar en la fila');

async function positionOf(page: Page): Promise<number> {
  const text = (await standingOf(page).textContent()) ?? '';
  return Number(/Tu lugar(\d+)/.exec(text)?.[1]);
}

/** Scrolls a phone's page until `target` shows (the purchase controls load once on screen). */
async function scrollTo(page: Page, target: Locator): Promise<void> {
  for (let tries = 0; tries < 30 && !(await target.isVisible()); tries++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
  }
  await target.waitFor();
}

/** On the buyer's turn: from the waiting page to the show's seats, `tickets` of them, paid with the approved card. */
async function buyOnTurn(page: Page, show: ShowView, tickets: number): Promise<void> {
  await page.getByText('¡Es tu turno!').waitFor({ timeout: 60_000 });
  const turn = page.getByRole('timer');
  await turn.waitFor();
  expect(await turn.textContent()).toMatch(/te quedan \d+:\d\d minutos para elegir butacas y pagar/);
  await page.getByRole('link', { name: /^Elegir butacas/ }).click();
  await page.waitForURL(`**/movies/${show.movieId}?**`);
  // Back with Comprar pressed: the tickets dialog opens by itself once the show and the turn are known.
  const dialog = page.getByRole('dialog', { name: 'Entradas' });
  await scrollTo(page, dialog);
  await dialog.getByRole('timer').waitFor();
  for (let n = 0; n < tickets; n += 1)
    await dialog
      .getByRole('button', { name: /^Agregar una entrada/ })
      .first()
      .click();
  await dialog.getByRole('button', { name: 'Elegir asientos' }).click();
  await dialog.getByText(`(${tickets} de ${tickets})`).waitFor();
  const held = page.waitForResponse((response) => response.url().endsWith('/api/tickets/addTickets'));
  await dialog.getByRole('button', { name: 'Ir al Carrito' }).click();
  expect((await held).status()).toBe(200);
  const panel = page.getByRole('complementary', { name: show.movie.Title });
  await panel.getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();
  await page.waitForURL('**/compra/*');
  await page.getByText('Pago realizado con éxito').waitFor();
}

test('two accounts join before the opening; the lottery admits one first, who buys while the other watches the line move, then the other buys the last seats and a third is told the line closed (phone and desktop)', async () => {
  const admin = await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const show = await aShowOfFourSeats(admin.token);
  const onPhone = await buyer('fila', PHONE);
  const atDesk = await buyer('espera');

  const presale = await call<PresaleView>('POST', '/presales', admin.token, {
    showIds: [show.id],
    opensAt: new Date(Date.now() + 20_000).toISOString(),
    admitPerMinute: ADMIT_PER_MINUTE,
    sessionMinutes: 5,
    maxTicketsPerBuyer: 2,
  });
  expect(presale).toMatchObject({ state: 'scheduled', seatsLeft: 4, waiting: 0 });

  // The phone finds the show on the movie's page: "Preventa" with its opening, and the line instead of Comprar.
  const { page: phone } = onPhone;
  await phone.goto(`/movies/${show.movieId}?funcion=${show.id}`);
  const join = phone.getByRole('button', { name: 'Unirme a la fila' });
  await scrollTo(phone, join);
  await phone
    .getByRole('region', { name: 'Preventa' })
    .getByText(/^Preventa · abre el \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    .waitFor();
  expect(await phone.getByRole('button', { name: 'Comprar' }).count()).toBe(0);
  await join.click();
  await phone.waitForURL(`**/fila/${presale.id}`);
  await phone.getByText(/^Ya estás en la fila\. La preventa abre el .*un sorteo/).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityViolations(phone)).toEqual([]);
  await screenshot(phone, 'presale-phone-before-opening');

  // The desk opens the waiting page itself and joins there, by keyboard only.
  const { page: desk } = atDesk;
  await desk.goto(`/fila/${presale.id}`);
  await desk.getByRole('button', { name: 'Unirme a la fila' }).waitFor();
  for (let presses = 0; presses < 40 && (await focusedText(desk)) !== 'Unirme a la fila'; presses++) await desk.keyboard.press('Tab');
  await desk.keyboard.press('Enter');
  await desk.getByText(/^Ya estás en la fila\./).waitFor();

  // Calling the API does not skip the line: a hold without an admission is refused.
  const skipped = await fetch(`${baseUrl()}/api/tickets/addTickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${atDesk.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: atDesk.id, seats: 1, showId: show.id }),
  });
  expect(skipped.status).toBe(403);
  expect(((await skipped.json()) as { error: string }).error).toBe(PRESALE_MESSAGES.waitYourTurn);

  // The opening: the lottery gives both a place, live, without reloading.
  await standingOf(phone).waitFor({ timeout: 40_000 });
  await standingOf(desk).waitFor({ timeout: 10_000 });
  const positions = [await positionOf(phone), await positionOf(desk)];
  expect([...positions].sort()).toEqual([1, 2]);
  const [first, second] = positions[0] === 1 ? [onPhone, atDesk] : [atDesk, onPhone];
  const seconds = standingOf(second.page);
  await seconds.getByText('Personas delante').waitFor();
  expect(await seconds.textContent()).toMatch(/Personas delante1/);
  await second.page.getByText('Quedan 4 butacas y hay 1 persona delante.').waitFor();

  // The first is admitted and buys; meanwhile the second sees nobody left ahead.
  const bought = buyOnTurn(first.page, show, 2);
  await second.page.waitForFunction(
    () =>
      /Personas delante0/.test(document.querySelector('[aria-label="Tu lugar en la fila"]')?.textContent ?? '') ||
      document.body.textContent?.includes('¡Es tu turno!'),
    undefined,
    { timeout: 60_000 },
  );
  await bought;
  await screenshot(first.page, 'presale-first-bought');

  // The second's turn: the last two seats.
  await buyOnTurn(second.page, show, 2);
  await screenshot(second.page, 'presale-second-bought');
  const map = await call<{ taken: Record<string, string> }>('GET', `/show/${show.id}/seats`, null);
  expect(Object.values(map.taken)).toEqual(['sold', 'sold', 'sold', 'sold']);

  // A third account comes too late: the line is closed, and says so.
  const late = await buyer('tarde', PHONE);
  await late.page.goto(`/fila/${presale.id}`);
  await late.page.getByText(PRESALE_MESSAGES.lineClosed).waitFor({ timeout: 10_000 });
  expect(await late.page.getByRole('button', { name: 'Unirme a la fila' }).count()).toBe(0);
  const refused = await fetch(`${baseUrl()}/api/presales/${presale.id}/join`, {
    method: 'POST',
    headers: { authorization: `Bearer ${late.token}` },
  });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(PRESALE_MESSAGES.lineClosed);
  await screenshot(late.page, 'presale-line-closed');
});

test('the admin creates a presale in Preventas (the opening on the cinema’s clock), sees its line, and closes it', async () => {
  const admin = await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const show = await aShowOfFourSeats(admin.token);
  const { context, page } = await newPage(browser, {});
  contexts.push(context);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin?seccion=preventas');
  await page.getByRole('button', { name: 'Nueva preventa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva preventa' });
  await dialog.getByLabel('Cine', { exact: true }).selectOption({ label: 'Cine Centro' });
  await dialog.getByLabel('Película', { exact: true }).selectOption(show.movieId);
  await dialog.getByRole('radio', { name: 'Elegir funciones' }).check();
  const ours = dialog
    .getByRole('list', { name: 'Funciones de la preventa' })
    .getByRole('checkbox', { name: new RegExp(`Sala ${show.roomId} `) });
  await ours.check();
  // An opening in the past is refused before sending.
  await dialog.getByLabel(/^Apertura/).fill('2020-01-01T10:00');
  await dialog.getByRole('button', { name: 'Crear preventa' }).click();
  await dialog.getByText(PRESALE_MESSAGES.opensInPast).waitFor();
  await dialog.getByLabel(/^Apertura/).fill('2099-12-01T10:00');
  await dialog.getByLabel('Entradas por persona (máximo)').fill('2');
  await dialog.getByRole('button', { name: 'Crear preventa' }).click();
  await dialog.getByText('Preventa creada con éxito.').waitFor();
  // The same show again: the service's 409, in Spanish.
  await ours.check();
  await dialog.getByLabel(/^Apertura/).fill('2099-12-02T10:00');
  await dialog.getByRole('button', { name: 'Crear preventa' }).click();
  await dialog
    .getByRole('alert')
    .filter({ hasText: /ya está en otra preventa/ })
    .waitFor();
  await page.keyboard.press('Escape');

  const table = page.getByRole('table', { name: 'Preventas' });
  const row = table.getByRole('row').filter({ has: page.getByRole('listitem').filter({ hasText: new RegExp(`· Sala ${show.roomId}$`) }) });
  await row.getByText('01/12/2099 10:00').waitFor();
  await row.getByText('Programada').waitFor();
  await row.getByRole('button', { name: /^Cerrar la preventa/ }).click();
  await page.getByRole('dialog', { name: 'Cerrar preventa' }).getByRole('button', { name: 'Cerrar preventa' }).click();
  await page.getByText('Preventa cerrada: sus funciones se venden sin fila.').waitFor();
  await row.getByText('Cerrada').waitFor();
  await screenshot(page, 'presale-admin');
});
