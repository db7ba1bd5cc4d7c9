import { formatMoney, type OrderView, type ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, openPagePerTest, PHONE, uniqueEmail, waitForMail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { openSeatMap } from '../src/purchase';
import { logIn, registerThroughApi } from '../src/session';
import { callApi as call } from '../src/api';

let page: Page;
openPagePerTest('refunds', (opened) => (page = opened), PHONE);

const PASSWORD = 'reembolso2026';

/** A show that starts more than the cancellation window (120 minutes) from now, with room for a few buyers. */
async function aCancellableShow(): Promise<ShowView> {
  const shows = (await (await fetch(`${baseUrl()}/api/show/all`)).json()) as ShowView[];
  const show = shows.find((candidate) => candidate.seats >= 10 && Date.parse(candidate.startsAt) > Date.now() + 4 * 60 * 60_000);
  if (!show) throw new Error('no show far enough ahead: the booking seed did not run');
  return show;
}

/** A buyer with a paid order of two tickets of `show`, bought through the API (the purchase has its own journeys). */
async function buyerWithTwoTickets(show: ShowView, label: string): Promise<{ email: string; token: string; order: OrderView }> {
  const email = uniqueEmail(label);
  const userId = await registerThroughApi(email, `${label}${Date.now() % 100000}`, PASSWORD);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email, password: PASSWORD });
  await call('POST', '/tickets/addTickets', token, { userId, seats: 2, showId: show.id });
  const { order } = await call<{ order: OrderView }>('POST', '/movies/checkout', token, {
    ticket: 2,
    show: show.id,
    idUser: userId,
    paymentMethodId: 'pm_card_visa',
  });
  return { email, token, order };
}

/** The Ventas detail of the show's movie, as the admin (the buyer's session is dropped first). */
async function openSalesDetail(show: ShowView) {
  if (page.url().startsWith(baseUrl())) {
    await page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.removeItem('sw-token');
    });
  }
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Ventas de peliculas', exact: true }).click();
  const section = page.getByRole('region', { name: 'Ventas de peliculas', exact: true });
  await section.getByPlaceholder('Buscar pelicula...').fill(show.movie.Title);
  await section.getByRole('button', { name: 'Buscar' }).click();
  const row = page
    .getByRole('table', { name: 'Ventas de peliculas' })
    .getByRole('row')
    .filter({ hasText: show.movie.Title })
    .filter({ hasText: show.type })
    .first();
  await row.getByRole('button', { name: /^Detalles de ventas de / }).click();
  return page.getByRole('dialog', { name: 'Detalles de ventas' });
}

test('a buyer cancels from Mis compras on a phone: the refund is confirmed, the seats are free on the map, the mail comes, Ventas shows the refund and links to the order page', async () => {
  const show = await aCancellableShow();
  const { email, order } = await buyerWithTwoTickets(show, 'cancela');
  await logIn(page, email, PASSWORD);

  await page.goto('/mis-compras');
  const purchase = page.getByRole('listitem').filter({ hasText: show.movie.Title }).first();
  await purchase.getByRole('button', { name: 'Cancelar compra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar compra' });
  await dialog.getByText(`2 entradas (${order.seatLabels.join(', ')})`).waitFor();
  await dialog.getByText(formatMoney(order.total)).waitFor();
  await dialog.getByText('Esta acción no se puede deshacer.', { exact: false }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Keyboard: Tab from 'Volver' to the confirmation, Enter.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await purchase.getByText('Reembolsada').waitFor();
  await purchase.getByText(new RegExp(`${formatMoney(order.total).replace('$', '\\$')} el \\d{2}/\\d{2}/\\d{4}`)).waitFor();
  await expect(purchase.getByRole('button', { name: 'Cancelar compra' }).count()).resolves.toBe(0);

  // The seats are on sale again: free on the seat map.
  const map = await openSeatMap(page, show, 1);
  for (const label of order.seatLabels) {
    const [, row, number] = /^(\w)(\d+)$/.exec(label) as RegExpExecArray;
    await map.getByRole('button', { name: new RegExp(`^Fila ${row}, asiento ${number}, (.+, )?(libre|tu selección)$`) }).waitFor();
  }
  const mail = await waitForMail(email, (eml) => eml.includes('Compra cancelada'));
  expect(mail).toContain(show.movie.Title);

  const detail = await openSalesDetail(show);
  const refunded = detail
    .getByRole('table', { name: 'Detalle de ventas' })
    .getByRole('row')
    .filter({ hasText: formatMoney(2 * show.price) });
  await refunded.first().waitFor();
  // Ventas' sale links to the order's page, which shows it refunded.
  await detail.getByRole('link', { name: `Ver orden ${order.id}` }).click();
  await page.getByRole('heading', { name: `Orden ${order.code}` }).waitFor();
  await page.getByRole('region', { name: 'Pago' }).getByText('Reembolsada', { exact: false }).waitFor();
  await page.getByRole('region', { name: 'Historial' }).getByText('cancelada por el comprador', { exact: false }).waitFor();
  await expect(page.getByRole('button', { name: 'Reembolsar', exact: true }).count()).resolves.toBe(0);
});

test("an admin finds the order by the buyer's e-mail in Órdenes, opens its page and refunds one ticket of two with a reason", async () => {
  const show = await aCancellableShow();
  const { email, token, order } = await buyerWithTwoTickets(show, 'parcial');
  const [first, second] = order.seatLabels as [string, string];

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Órdenes', exact: true }).click();
  const search = page.getByRole('search', { name: 'Buscar órdenes' });
  await search.getByLabel('Código, e-mail o nombre').fill(email.toUpperCase());
  await search.getByLabel('Código, e-mail o nombre').press('Enter');
  const orders = page.getByRole('table', { name: 'Órdenes' });
  await orders.getByRole('row').filter({ hasText: email }).first().waitFor();
  await expect(orders.getByRole('row').count()).resolves.toBe(2);
  await orders.getByRole('button', { name: `Ver orden ${order.code}` }).click();

  // The order's page has its own URL: a reload (or a shared link) opens it again.
  await page.waitForURL(`**/admin?seccion=ordenes&orden=${order.id}`);
  await page.reload();
  await page.getByRole('heading', { name: `Orden ${order.code}` }).waitFor();
  await page.getByRole('region', { name: 'Comprador' }).getByText(email).waitFor();
  await page.getByRole('region', { name: 'Butacas' }).getByText(`${first}, ${second}`).waitFor();
  await page.getByRole('region', { name: 'Historial' }).getByText('Pagada', { exact: false }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar' });
  await dialog.getByLabel(`Entrada ${second}`).check();
  await dialog.getByText(`Se devuelve a la tarjeta: ${formatMoney(show.price)}`, { exact: false }).waitFor();
  await dialog.getByLabel('Motivo').fill('Butaca rota');
  await dialog.getByRole('button', { name: 'Reembolsar lo elegido' }).click();
  await page.getByRole('status').filter({ hasText: 'Reembolso realizado.' }).waitFor();
  await page.getByRole('region', { name: 'Historial' }).getByText('«Butaca rota»', { exact: false }).waitFor();
  await page.getByRole('region', { name: 'Pago' }).getByText('Reembolsada en parte', { exact: false }).waitFor();

  const mine = await call<OrderView>('GET', `/orders/${order.id}`, token);
  expect(mine).toMatchObject({ state: 'partially_refunded', refundedAmount: show.price });
  expect(mine.refunds.map((refund) => refund.seatLabels)).toEqual([[second]]);
  const seats = (await (await fetch(`${baseUrl()}/api/show/${show.id}/seats`)).json()) as { taken: Record<string, string> };
  expect(seats.taken[second]).toBeUndefined();
  expect(seats.taken[first]).toBe('sold');
});
