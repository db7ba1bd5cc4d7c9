import { formatMoney } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { openPagePerTest } from '../src/browser';
import { aBuyer, aCancellableShow, checkIn, paidOrder, ticketsOf } from '../src/orders';
import { openSeatMap } from '../src/purchase';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn } from '../src/session';

/**
 * Issue 35 on a computer (1366 px): the admin finds an order by its short code or by one of its
 * tickets' codes, and its refund dialog marks a seat used at the door instead of offering it; while
 * seats are held the header shows the cart with its countdown on every page, and warns a minute
 * before the hold lapses.
 */
let page: Page;
openPagePerTest('orders-desk', (opened) => (page = opened), { viewport: { width: 1366, height: 768 } });

const PASSWORD = 'mostrador2026';
const normal = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

async function searchOrders(text: string) {
  const search = page.getByRole('search', { name: 'Buscar órdenes' });
  await search.getByLabel('Código, e-mail o nombre').fill(text);
  await search.getByLabel('Código, e-mail o nombre').press('Enter');
  return page.getByRole('table', { name: 'Órdenes' });
}

test("the admin finds an order by its code and by a ticket's code; its refund dialog marks the seat used at the door and leaves it out", async () => {
  const show = await aCancellableShow();
  const buyer = await aBuyer('puerta', PASSWORD);
  const order = await paidOrder(buyer, show, 2);
  expect(order.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  const [used, other] = await ticketsOf(buyer, order);
  await checkIn(used!);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Órdenes', exact: true }).click();
  // The list keeps the rows it shows (busy) until the search answers: its count says when it has.
  const oneFound = () =>
    page
      .getByRole('status')
      .filter({ hasText: /^1–1 de 1 · página 1 de 1$/ })
      .waitFor();
  let orders = await searchOrders(order.code.toLowerCase());
  await oneFound();
  await orders.getByRole('row').filter({ hasText: order.code }).first().waitFor();
  await expect(orders.getByRole('row').count()).resolves.toBe(2);

  orders = await searchOrders(other!.code);
  await oneFound();
  await orders.getByRole('button', { name: `Ver orden ${order.code}` }).click();
  await page.getByRole('heading', { name: `Orden ${order.code}` }).waitFor();

  await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar' });
  const usedSeat = dialog.getByLabel(`Entrada ${used!.seatLabel}: ya ingresó a la sala, no se reembolsa`);
  await usedSeat.waitFor();
  expect(await usedSeat.isDisabled()).toBe(true);
  expect(await dialog.getByLabel(`Entrada ${other!.seatLabel}`, { exact: true }).isEnabled()).toBe(true);
  // Nothing chosen refunds what is left: the other seat alone.
  expect(normal(await dialog.getByText('Se devuelve a la tarjeta:').textContent())).toContain(normal(formatMoney(show.price)));
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByLabel('Motivo').fill('Pidió la devolución en boletería');
  await dialog.getByRole('button', { name: 'Reembolsar todo' }).click();
  await page.getByRole('status').filter({ hasText: 'Reembolso realizado.' }).waitFor();
  // Only the used seat is left: nothing to refund, so no button.
  await expect(page.getByRole('button', { name: 'Reembolsar', exact: true }).count()).resolves.toBe(0);
});

test('seats held show the cart with its countdown in the header on every page, and it warns a minute before the hold lapses', async () => {
  const show = await aCancellableShow();
  const buyer = await aBuyer('carrito', PASSWORD);
  await page.clock.install();
  await logIn(page, buyer.email, PASSWORD);
  const header = page.getByRole('banner');
  expect(await header.getByRole('link', { name: /^🛒 Carrito/ }).count()).toBe(0);

  const seatMap = await openSeatMap(page, show, 2);
  await seatMap.getByRole('button', { name: 'Ir al Carrito' }).click();
  // The drawer closed, another page: the cart stays in the header.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Cartelera por día' }).first().click();
  await page.waitForURL('**/cartelera');
  const cart = header.getByRole('link', { name: /Carrito \(2\)/ });
  await cart.waitFor();
  expect(await header.getByRole('timer').textContent()).toMatch(/^(10:00|9:[0-5]\d)$/);
  await page.goto('/about');
  await cart.waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  expect(await header.getByRole('alert').count()).toBe(0);
  await page.clock.fastForward('09:10');
  await header.getByRole('alert').filter({ hasText: 'Tu reserva vence en menos de un minuto' }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await cart.click();
  await page.waitForURL('**/Checkout');
});
