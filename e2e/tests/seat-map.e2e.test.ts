import type { ShowView } from '@cine/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { launchBrowser, newPage, PHONE, screenshot, uniqueEmail } from '../src/browser';
import { openSeatMap } from '../src/purchase';
import { logIn, registerThroughApi } from '../src/session';
import { baseUrl } from '../src/browser';

const PASSWORD = 'butacas2026';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** A signed-in buyer in a browser of their own. */
async function buyer(label: string, options = {}): Promise<Page> {
  const { context, page } = await newPage(browser, options);
  contexts.push(context);
  const email = uniqueEmail(label);
  await registerThroughApi(email, `${label}${Date.now() % 100000}`, PASSWORD);
  await logIn(page, email, PASSWORD);
  return page;
}

/** A show that nobody has touched yet, with time to spare. */
async function anUntouchedShow(): Promise<ShowView> {
  const shows = (await (await fetch(`${baseUrl()}/api/show/all`)).json()) as ShowView[];
  const show = shows.find(
    (candidate) => candidate.seats === candidate.capacity && Date.parse(candidate.startsAt) > Date.now() + 60 * 60_000,
  );
  if (!show) throw new Error('no untouched show: the booking seed did not run');
  return show;
}

/** The accessible name of the focused element (what a screen reader announces for a button or radio). */
/** A seat's accessible name, whatever its category and price say between the seat and its state ("Fila C, asiento 1, $ 8,50, libre"). */
const seatNamed = (row: string, number: number, state: string) => new RegExp(`^Fila ${row}, asiento ${number}, (.+, )?${state}$`);

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return '';
    const labelledBy = active.getAttribute('aria-labelledby');
    const label =
      (labelledBy && document.getElementById(labelledBy)?.textContent) ??
      active.getAttribute('aria-label') ??
      active.closest('label')?.textContent ??
      active.textContent ??
      '';
    return label.trim();
  });

/** Presses Tab (only the keyboard) until the focused element's name matches. */
async function tabTo(page: Page, name: RegExp, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`no element named ${name} reached with Tab`);
}

test('two buyers on one show: a seat one holds is taken on the other’s map within a second; the other buys another seat by keyboard only, on a phone', async () => {
  const show = await anUntouchedShow();
  const viewer = await buyer('mapa', PHONE);
  const holder = await buyer('rival');

  const viewerMap = await openSeatMap(viewer, show, 1);
  const suggested = viewerMap.getByRole('button', { name: /, tu selección$/ });
  const seatName = (await suggested.getAttribute('aria-label')) as string;
  const [, row, number] = /^Fila (\w), asiento (\d+)/.exec(seatName) as RegExpExecArray;

  // At 390 px the seats stay at least 24 px and the page does not scroll sideways (the map does, inside the dialog).
  const box = await suggested.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityViolations(viewer)).toEqual([]);
  await screenshot(viewer, 'seat-map-phone');

  // The other buyer's map suggests the same best seat: they hold it.
  const holderMap = await openSeatMap(holder, show, 1);
  await holderMap.getByRole('button', { name: seatName }).waitFor();
  const held = holder.waitForResponse((response) => response.url().endsWith('/api/tickets/addTickets') && response.status() === 200);
  await holderMap.getByRole('button', { name: 'Ir al Carrito' }).click();
  await held;
  const heldAt = Date.now();
  await viewerMap.getByRole('button', { name: `Fila ${row}, asiento ${number}, ocupado` }).waitFor({ timeout: 1000 });
  expect(Date.now() - heldAt).toBeLessThan(1000);
  await viewerMap.getByText(`El asiento ${row}${number} acaba de ocuparse: elige otro.`).waitFor();
  await viewerMap.getByText('Elige 1 asiento para tus 1 entrada en el mapa.').waitFor();

  // Keyboard only: Tab into the map (one stop), arrows to the next seat, Space, then Ir al Carrito and the payment.
  await tabTo(viewer, /^Fila \w, asiento \d+/);
  await viewer.keyboard.press('ArrowRight');
  const next = await focusedName(viewer);
  expect(next).toMatch(/, libre$/);
  await viewer.keyboard.press('Space');
  const chosen = /^Fila (\w), asiento (\d+)/.exec(next) as RegExpExecArray;
  const label = `${chosen[1]}${chosen[2]}`;
  await viewerMap.getByText(`Elegiste el asiento ${label} (1 de 1).`).waitFor();
  await tabTo(viewer, /^Ir al Carrito$/);
  await viewer.keyboard.press('Enter');
  const panel = viewer.getByRole('complementary', { name: show.movie.Title });
  await panel.getByText(`butacas ${label}`, { exact: false }).waitFor();
  await tabTo(viewer, /^Realizar Pago$/);
  await viewer.keyboard.press('Enter');
  const payment = viewer.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.waitFor();
  await tabTo(viewer, /4242 4242 4242 4242/);
  await viewer.keyboard.press('Space');
  await tabTo(viewer, /^Realizar Pago$/);
  await viewer.keyboard.press('Enter');
  await viewer.getByText('Pago realizado con éxito').waitFor();

  const map = (await (await fetch(`${baseUrl()}/api/show/${show.id}/seats`)).json()) as { taken: Record<string, string> };
  expect(map.taken).toMatchObject({ [label]: 'sold', [`${row}${number}`]: 'held' });
  await screenshot(viewer, 'seat-map-phone-after-purchase');
});

/** An untouched show in a room whose rows have 12 seats (rooms 3 and 4), with time to spare. */
async function anUntouchedShowWithRowsOf12(): Promise<ShowView> {
  const shows = (await (await fetch(`${baseUrl()}/api/show/all`)).json()) as ShowView[];
  const show = shows.find(
    (candidate) =>
      [3, 4].includes(candidate.roomId) &&
      candidate.seats === candidate.capacity &&
      Date.parse(candidate.startsAt) > Date.now() + 60 * 60_000,
  );
  if (!show) throw new Error('no untouched show in rooms 3 or 4: the booking seed did not run');
  return show;
}

test('on a phone the whole 12-seat room can be reached: screen centred on the room, 32 px seats, focus on the map, stranded seats warned', async () => {
  const show = await anUntouchedShowWithRowsOf12();
  const page = await buyer('sala', PHONE);
  const map = await openSeatMap(page, show, 3);
  const grid = map.getByRole('grid', { name: `Asientos de la sala ${show.roomId}` });

  // "Elegir asientos" is gone once the map opens: the focus is on the map, on the first chosen seat.
  const chosenNames = await grid
    .getByRole('button', { name: /, tu selección$/ })
    .evaluateAll((seats) => seats.map((seat) => seat.getAttribute('aria-label')));
  expect(chosenNames).toHaveLength(3);
  await page.waitForFunction(() => document.activeElement?.closest('[role="grid"]') !== null);
  expect(await focusedName(page)).toBe(chosenNames[0]);

  // Seats are 32 px or more; the page itself does not scroll sideways.
  const seatBox = await grid.getByRole('button', { name: seatNamed('C', 1, 'libre') }).boundingBox();
  expect(seatBox?.width).toBeGreaterThanOrEqual(32);
  expect(seatBox?.height).toBeGreaterThanOrEqual(32);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The room is wider than the phone: it says so, opens centred on the room, and its screen is centred on the seats.
  const scroller = map.locator('[data-seat-scroller]');
  const scroll = await scroller.evaluate((element) => ({ left: element.scrollLeft, hidden: element.scrollWidth - element.clientWidth }));
  expect(scroll.hidden).toBeGreaterThan(0);
  expect(Math.abs(scroll.left - scroll.hidden / 2)).toBeLessThanOrEqual(1);
  await map.getByText('Desliza hacia los lados para ver toda la sala').waitFor();
  const screenBox = (await map.getByText('Pantalla', { exact: true }).boundingBox())!;
  const first = (await grid.getByRole('button', { name: /^Fila A, asiento 1,/ }).boundingBox())!;
  const last = (await grid.getByRole('button', { name: /^Fila A, asiento 12,/ }).boundingBox())!;
  expect(Math.abs(screenBox.x + screenBox.width / 2 - (first.x + last.x + last.width) / 2)).toBeLessThanOrEqual(1);
  await screenshot(page, 'seat-map-phone-12-seat-rows-opened');
  // Both ends are reachable by scrolling the map.
  const dialogBox = (await page.getByRole('dialog', { name: 'Entradas' }).boundingBox())!;
  await scroller.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  const lastAfter = (await grid.getByRole('button', { name: /^Fila A, asiento 12,/ }).boundingBox())!;
  expect(lastAfter.x + lastAfter.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'seat-map-phone-12-seat-rows');

  // Tab enters the grid at the chosen seat.
  await map.getByText(/^Elegiste los asientos/).click();
  await tabTo(page, /^Fila \w, asiento \d+/);
  expect(await focusedName(page)).toBe(chosenNames[0]);

  // C2, C3 and C4 leave C1 alone against the wall: warned.
  for (const name of chosenNames) await grid.getByRole('button', { name: name as string }).click();
  for (const number of [2, 3, 4]) await grid.getByRole('button', { name: seatNamed('C', number, 'libre') }).click();
  await map.getByText('Elegiste los asientos C2, C3 y C4 (3 de 3).').waitFor();
  await map.getByRole('note').filter({ hasText: 'No dejes un asiento libre aislado entre ocupados (C1).' }).waitFor();

  // A 4th tap with 3 chosen changes nothing, and says so.
  await grid.getByRole('button', { name: seatNamed('C', 8, 'libre') }).click();
  await map.getByText('Ya elegiste tus 3 asientos. Para elegir C8, toca primero uno de los tuyos para quitarlo.').waitFor();
  await map.getByText('Elegiste los asientos C2, C3 y C4 (3 de 3).').waitFor();
  await grid.getByRole('button', { name: seatNamed('C', 2, 'tu selección') }).waitFor();

  // Volver: the focus goes back to "Elegir asientos"; the dialog closing gives it back to Comprar.
  await map.getByRole('button', { name: 'Volver' }).click();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Elegir asientos');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.closest('[role="grid"]') !== null);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Comprar');
});
