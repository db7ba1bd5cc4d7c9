import { formatMoney, type OrderView, type ShowView, type Surcharges } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { callApi as call } from '../src/api';
import { openPagePerTest, PHONE, screenshot, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { openTicketDialog } from '../src/purchase';
import { logIn, registerThroughApi } from '../src/session';

/**
 * Issue 37 on a phone (390 px): a buyer takes two General tickets and one Menor in the premium back
 * row of room 5 on a 3D show, checks the total against the lines (the card's price, the 3D and the
 * premium surcharges), pays; then the admin refunds the Menor seat alone and gives back its line.
 */
let page: Page;
openPagePerTest('pricing', (opened) => (page = opened), PHONE);

const PASSWORD = 'tarifas2026';
const normal = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');
/** Money as the page reads once its no-break spaces are plain ones. */
const money = (cents: number) => normal(formatMoney(cents));

/** A new 3D show in room 5 an evening of the coming days that is not a Wednesday (the card is "Tarifa general"). */
async function aNew3dShowInRoom5(adminToken: string): Promise<ShowView> {
  const [movie] = await call<Array<{ id: string }>>('GET', '/movies/billboard', null);
  if (!movie) throw new Error('the billboard is empty');
  for (let daysAhead = 2; daysAhead < 9; daysAhead++) {
    const date = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    for (const schedule of ['23:20', '22:40', '21:50', '20:10']) {
      try {
        const show = await call<ShowView>('POST', '/show', adminToken, {
          data: { movieId: movie.id, roomId: 5, date, schedule, type: '3D' },
        });
        if (show.day !== 'Miércoles') return show;
      } catch (error) {
        if (!String(error).includes('answered 409')) throw error;
      }
    }
  }
  throw new Error('room 5 has no free evening in the coming week');
}

test('two General and one Menor in the premium row of room 5 on a 3D show: the lines add up, paid, then the Menor seat is refunded alone', async () => {
  const { token: adminToken } = await call<{ token: string }>('POST', '/auth/login', null, {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const show = await aNew3dShowInRoom5(adminToken);
  const surcharges = await call<Surcharges>('GET', '/pricing/surcharges', adminToken);
  const priceOf = (type: string) => show.prices.find((price) => price.type === type)?.price as number;
  const general = priceOf('general');
  const menor = priceOf('menor');
  const premium = surcharges.categories.premium as number;
  // The show's prices already carry the 3D surcharge; a premium seat adds its own.
  expect(show.type).toBe('3D');
  expect(surcharges.formats['3D']).toBeGreaterThan(0);
  expect(premium).toBeGreaterThan(0);
  const total = 2 * (general + premium) + (menor + premium);

  const email = uniqueEmail('tarifas');
  await registerThroughApi(email, `tarifas${Date.now() % 100000}`, PASSWORD);
  await logIn(page, email, PASSWORD);

  // The movie's page: the day, time and format of the show, then one counter per ticket type.
  const dialog = await openTicketDialog(page, show);
  // A counter at 0 cannot go lower.
  await expect(
    dialog.getByRole('button', { name: 'Quitar una entrada Menor (hasta 12 años)' }).getAttribute('aria-disabled'),
  ).resolves.toBe('true');
  await expect(dialog.getByLabel('Entradas Menor (hasta 12 años)').textContent()).resolves.toBe('0');
  await dialog.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await dialog.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await dialog.getByRole('button', { name: 'Agregar una entrada Menor (hasta 12 años)' }).click();
  await dialog.getByText(`Total: ${formatMoney(2 * general + menor)}`, { exact: false }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Elegir asientos' }).click();
  await dialog.getByText('(3 de 3)').waitFor();

  // The map's suggestion gives way to three seats of the premium back row, named with their category and price.
  const suggested = dialog.getByRole('button', { name: /, tu selección$/ });
  for (let left = await suggested.count(); left > 0; left--) {
    await suggested.first().click();
    await expect(suggested.count()).resolves.toBe(left - 1);
  }
  for (const number of [5, 6, 7]) {
    const seat = dialog.getByRole('button', { name: new RegExp(`^Fila L, asiento ${number}, premium, \\$ [0-9.,]+, libre$`) });
    await seat.click();
  }
  await dialog.getByText('Elegiste los asientos L5, L6 y L7 (3 de 3).').waitFor();
  await dialog.getByText(`Precio de tu selección: ${formatMoney(total)}`, { exact: false }).waitFor();
  await screenshot(page, 'pricing-seat-map-phone');
  await dialog.getByRole('button', { name: 'Ir al Carrito' }).click();

  // The cart lists each line: seat and type, its total, the base and each surcharge; the total is their sum.
  const panel = page.getByRole('complementary', { name: show.movie.Title });
  const lines = panel.getByRole('list', { name: 'Entradas en tu pedido' });
  await lines.waitFor();
  const text = normal(await lines.textContent());
  expect(text).toContain(`Butaca L5 · General${money(general + premium)}`);
  expect(text).toContain(`Butaca L6 · General${money(general + premium)}`);
  expect(text).toContain(`Butaca L7 · Menor (hasta 12 años)${money(menor + premium)}`);
  expect(text).toContain(`Formato 3D+ ${money(surcharges.formats['3D'] as number)}`);
  expect(text).toContain(`Butaca premium+ ${money(premium)}`);
  expect(normal(await panel.textContent())).toContain(money(total));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await panel.getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();
  await page.getByText('Pago realizado con éxito').waitFor();
  const confirmed = page.getByRole('list', { name: 'Tus entradas y sus precios' });
  await confirmed.waitFor();
  expect(normal(await confirmed.textContent())).toContain(`Butaca L7 · Menor (hasta 12 años)${money(menor + premium)}`);
  const { token, user } = await call<{ token: string; user: { id: string } }>('POST', '/auth/login', null, { email, password: PASSWORD });
  const [order] = await call<OrderView[]>('POST', '/cart/tickets', token, { idUser: user.id });
  expect(order).toMatchObject({ showId: show.id, ticketTotal: total, seatLabels: ['L5', 'L6', 'L7'] });
  expect(order?.lines.map((line) => [line.seatLabel, line.type, line.total])).toEqual([
    ['L5', 'general', general + premium],
    ['L6', 'general', general + premium],
    ['L7', 'menor', menor + premium],
  ]);

  // The admin refunds the Menor seat alone: its line's total goes back, the General seats stay sold.
  await page.evaluate(() => {
    window.sessionStorage.clear();
    window.localStorage.removeItem('sw-token');
  });
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`/admin?seccion=ordenes&orden=${order?.id}`);
  await page.getByRole('heading', { name: `Orden ${order?.code}` }).waitFor();
  await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Reembolsar' });
  await refund.getByLabel('Entrada L7').check();
  await refund.getByText(`Se devuelve a la tarjeta: ${formatMoney(menor + premium)}`, { exact: false }).waitFor();
  await refund.getByLabel('Motivo').fill('Cambio de planes');
  await refund.getByRole('button', { name: 'Reembolsar lo elegido' }).click();
  await page.getByRole('status').filter({ hasText: 'Reembolso realizado.' }).waitFor();

  const after = await call<OrderView>('GET', `/orders/${order?.id}`, token);
  expect(after).toMatchObject({ state: 'partially_refunded', refundedAmount: menor + premium });
  expect(after.refunds.map((done) => done.seatLabels)).toEqual([['L7']]);
});
