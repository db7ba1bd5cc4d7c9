import { formatMoney, type ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, openPagePerTest, PHONE, waitForMail } from '../src/browser';
import { aBuyer, aCancellableShow, checkIn, paidOrder, ticketsOf } from '../src/orders';
import { openSeatMap } from '../src/purchase';
import { logIn } from '../src/session';

/**
 * Issue 35 on a phone: Mis compras' cancellation says what really comes back once a ticket was used
 * at the door; paying lands at the top of the confirmation, which names the order by its short
 * code and shows the tickets' QR codes; the receipt links the order and Mis entradas; every page
 * opens at its top and back returns to where it was.
 */
let page: Page;
openPagePerTest('orders-truth', (opened) => (page = opened), PHONE);

const PASSWORD = 'verdad2026';

/** Whether the element is wholly inside the viewport as the page is scrolled now. */
async function onScreen(page: Page, text: string): Promise<boolean> {
  const box = await page.getByText(text, { exact: true }).first().boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

test('after one of two tickets was used at the door, "Cancelar compra" offers only the other, at its real amount, and says why', async () => {
  const show = await aCancellableShow();
  const buyer = await aBuyer('ingreso', PASSWORD);
  const order = await paidOrder(buyer, show, 2);
  const [used, other] = await ticketsOf(buyer, order);
  await checkIn(used!);

  await logIn(page, buyer.email, PASSWORD);
  await page.goto('/mis-compras');
  const purchase = page.getByRole('listitem').filter({ hasText: show.movie.Title }).first();
  await purchase.getByText(`Pedido ${order.code}`).waitFor();
  await purchase.getByRole('button', { name: 'Cancelar compra' }).click();

  const dialog = page.getByRole('dialog', { name: 'Cancelar compra' });
  const back = dialog.getByRole('list', { name: 'Lo que se devuelve' });
  await back.getByText(`1 entrada (${other!.seatLabel})`).waitFor();
  expect(await back.getByText(used!.seatLabel).count()).toBe(0);
  await dialog.getByRole('list', { name: 'Lo que no se devuelve' }).getByText(`Entrada ${used!.seatLabel}: ya ingresó`).waitFor();
  // Intl writes a no-break space between the currency and the amount.
  const amount = (await dialog.getByText('Reembolso a tu tarjeta:').textContent())?.replace(/\u00a0/g, ' ');
  expect(amount).toBe(`Reembolso a tu tarjeta: ${formatMoney(show.price).replace(/\u00a0/g, ' ')}`);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancelar compra' }).click();
  await purchase.getByText('Reembolso parcial', { exact: false }).waitFor();
  // Nothing is left to give back: the button is not offered any more.
  await expect(purchase.getByRole('button', { name: 'Cancelar compra' }).count()).resolves.toBe(0);
});

test("paying on a phone lands at the top of the confirmation, with the short code and each ticket's QR; the receipt links the order and Mis entradas", async () => {
  const show: ShowView = await aCancellableShow();
  const buyer = await aBuyer('arriba', PASSWORD);
  await logIn(page, buyer.email, PASSWORD);
  const seatMap = await openSeatMap(page, show, 2);
  await seatMap.getByRole('button', { name: 'Ir al Carrito' }).click();
  const panel = page.getByRole('complementary', { name: show.movie.Title });
  await panel.getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();

  await page.waitForURL('**/compra/*');
  await page.getByText('Pago realizado con éxito').waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await onScreen(page, 'Pago realizado con éxito')).toBe(true);

  const orderId = page.url().split('/compra/')[1] ?? '';
  const code = (await page.locator('dd.code').first().textContent()) ?? '';
  expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  expect(await page.getByText(orderId).count()).toBe(0);
  const entradas = page.getByRole('region', { name: 'Tus entradas' });
  await entradas
    .getByRole('img', { name: /^Código QR de la entrada / })
    .nth(1)
    .waitFor({ timeout: 20_000 });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const receipt = (await waitForMail(buyer.email, (eml) => eml.includes('Tu compra en Cine'))).replace(/=\r?\n/g, '');
  expect(receipt).toContain(`Pedido: ${code}`);
  expect(receipt).toContain(`${baseUrl()}/compra/${orderId}`);
  expect(receipt).toContain(`${baseUrl()}/mis-entradas`);
});

test('a page opened from far down another starts at its top; back returns to where that page was', async () => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Cartelera por día' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const down = await page.evaluate(() => window.scrollY);
  expect(down).toBeGreaterThan(300);

  await footer.getByRole('link', { name: 'Cartelera por día' }).click();
  await page.waitForURL('**/cartelera');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // The URL changes before the new page commits (the old page's heading may still be the one found): wait for the new page at its top.
  await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });

  await page.goBack();
  await page.waitForURL('**/about');
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, down);
});
