import { formatMoney, type OrderView, type PromotionView, type ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { openPagePerTest, PHONE, uniqueEmail, waitForMail } from '../src/browser';
import { callApi as call } from '../src/api';
import { aCancellableShow } from '../src/orders';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn, registerThroughApi } from '../src/session';

let page: Page;
openPagePerTest('discounts', (opened) => (page = opened), PHONE);

const PASSWORD = 'descuentos2026';
const CODE_IN_MAIL = /\b([2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4})\b/;

const adminToken = async () =>
  (await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;

/** '$ 12,50' as a pattern (the no-break space Intl writes after the currency, any space). */
const moneyPattern = (cents: number) => new RegExp(formatMoney(cents).replace('$', '\\$').replace(/\s/g, '\\s'));

async function expectNoSidewaysScroll() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function signOutOfPage() {
  await page.evaluate(() => {
    window.sessionStorage.clear();
    window.localStorage.removeItem('sw-token');
  });
}

test('on a phone: a gift card bought, its mail opened, part of it spent with a promo code on tickets, the balance checked, one ticket refunded back to it', async () => {
  const show: ShowView = await aCancellableShow();
  const admin = await adminToken();
  // A code taking half off each ticket, for this movie only (so other journeys' carts never meet it).
  const promoCode = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await call<PromotionView>('POST', '/promotions', admin, {
    code: promoCode,
    name: 'Mitad de precio',
    kind: 'percent',
    value: 50,
    appliesTo: { movieIds: [show.movieId] },
    limits: { total: 5 },
    active: true,
  });

  // 1. The buyer gives a $ 100,00 card to a friend, on /tarjeta-regalo (linked from the footer).
  const buyerEmail = uniqueEmail('regala');
  await registerThroughApi(buyerEmail, `regala${Date.now() % 100000}`, PASSWORD);
  const friendEmail = uniqueEmail('recibe');
  const friendId = await registerThroughApi(friendEmail, `recibe${Date.now() % 100000}`, PASSWORD);
  await logIn(page, buyerEmail, PASSWORD);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tarjetas regalo' }).click();
  await page.waitForURL('**/tarjeta-regalo');
  const buy = page.getByRole('region', { name: 'Comprar una tarjeta regalo' });
  await buy.getByLabel(/^Monto/).fill('100');
  await buy.getByLabel('Correo de quien la recibe').fill(friendEmail);
  await buy.getByLabel('Su nombre (opcional)').fill('Bruno');
  await buy.getByLabel('Mensaje (opcional)').fill('¡Para ir al cine!');
  await expectNoSidewaysScroll();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await buy.getByRole('button', { name: 'Realizar Pago' }).click();
  const done = buy.getByRole('status');
  await done.getByText(/¡Listo! Compraste una tarjeta regalo de/).waitFor();
  await done.getByText(`Le enviamos el código por correo a ${friendEmail}.`, { exact: false }).waitFor();
  // Mis compras lists it, by its last four characters only.
  await page.goto('/mis-compras');
  await page.getByRole('region', { name: 'Tarjetas regalo' }).getByText(`para Bruno (${friendEmail})`, { exact: false }).waitFor();

  // 2. The friend's mail carries the code.
  const mail = (await waitForMail(friendEmail, (eml) => CODE_IN_MAIL.test(eml.replace(/=\r?\n/g, '')))).replace(/=\r?\n/g, '');
  const giftCode = CODE_IN_MAIL.exec(mail)?.[1] ?? '';
  expect(giftCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  const last4 = giftCode.slice(-4);

  // 3. The friend holds two seats and pays on the payment page: the promo code halves them, the gift card pays the rest.
  await signOutOfPage();
  await logIn(page, friendEmail, PASSWORD);
  const { token: friendToken } = await call<{ token: string }>('POST', '/auth/login', null, { email: friendEmail, password: PASSWORD });
  await call('POST', '/tickets/addTickets', friendToken, { userId: friendId, seats: 2, showId: show.id });
  await page.goto('/Checkout');
  const summary = page.getByRole('region', { name: 'Tu pedido' });
  await summary.getByText(/Total a pagar/).waitFor();
  await summary.getByLabel('¿Tienes un código de descuento?').fill(promoCode.toLowerCase());
  await summary.getByLabel('¿Tienes un código de descuento?').press('Enter');
  await summary.getByRole('button', { name: `Quitar el código ${promoCode}` }).waitFor();
  const cart = await call<{ orderPrice: number; promo?: { discount: number }; tickets: Array<{ totalPrice: number }> }>(
    'POST',
    '/cart/userCart',
    friendToken,
    { idUser: friendId },
  );
  const gross = cart.tickets[0]!.totalPrice;
  expect(cart.promo?.discount).toBe(gross - cart.orderPrice);
  expect(cart.orderPrice).toBeLessThan(gross);
  await summary.getByText(`Total a pagar : ${formatMoney(cart.orderPrice)}`).waitFor();
  await summary.getByText(`Descuento (${promoCode})`).waitFor();

  const payment = page.getByRole('region', { name: 'Tarjeta de pago' });
  await payment.getByRole('button', { name: '¿Pagas con una tarjeta regalo?' }).click();
  await payment.getByLabel('Código de la tarjeta regalo').fill(giftCode.toLowerCase());
  await payment.getByRole('button', { name: 'Usar tarjeta regalo' }).click();
  await payment.getByText('La tarjeta regalo cubre todo el pedido: no necesitas tarjeta bancaria.').waitFor();
  await expect(payment.getByLabel('Cómo se paga').textContent()).resolves.toMatch(moneyPattern(cart.orderPrice));
  await expectNoSidewaysScroll();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await payment.getByRole('button', { name: 'Pagar con la tarjeta regalo' }).click();

  await page.waitForURL('**/compra/*');
  const orderId = page.url().split('/compra/')[1]!.split(/[?#]/)[0]!;
  const paid = page.getByRole('list', { name: 'Lo que pagaste' });
  await paid.getByText(`Descuento (${promoCode} · Mitad de precio)`).waitFor();
  await paid.getByText(`Pagado con tarjeta regalo ···· ${last4}`).waitFor();
  await expect(paid.getByText('Pagado con tarjeta bancaria').count()).resolves.toBe(0);
  await expectNoSidewaysScroll();

  // 4. The balance: $ 100,00 less what the order took.
  const remaining = 10_000 - cart.orderPrice;
  await page.goto('/tarjeta-regalo');
  const balance = page.getByRole('region', { name: 'Consultar el saldo' });
  await balance.getByLabel('Código de la tarjeta regalo').fill(giftCode);
  await balance.getByRole('button', { name: 'Consultar saldo' }).click();
  await balance.getByRole('status').getByText(formatMoney(remaining)).waitFor();

  // 5. One ticket refunded (by the back office): what was paid for it goes back to the card.
  const order = await call<OrderView>('GET', `/orders/${orderId}`, admin);
  const [refunded] = order.lines;
  const back = refunded!.total - (refunded!.discount ?? 0);
  await call('POST', `/orders/${orderId}/refund`, admin, { seatLabels: [refunded!.seatLabel], reason: 'Prueba del recorrido' });
  await page.goto(`/compra/${orderId}`);
  await page.getByText('Reembolso parcial', { exact: false }).waitFor();
  await page.getByText(`Tarjeta regalo ···· ${last4} ${formatMoney(back)}`, { exact: false }).waitFor();
  await page.goto('/tarjeta-regalo');
  await balance.getByLabel('Código de la tarjeta regalo').fill(giftCode);
  await balance.getByRole('button', { name: 'Consultar saldo' }).click();
  await balance
    .getByRole('status')
    .getByText(formatMoney(remaining + back))
    .waitFor();
});

test('on a desktop, the admin creates a promotion in Promociones (the form refuses a percent beyond 100 first) and switches it off', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = `ADM-${Date.now().toString(36).toUpperCase()}`;
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin?seccion=promociones');
  await page.getByRole('button', { name: 'Nueva promoción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva promoción' });
  await dialog.getByLabel('Código').fill(code);
  await dialog.getByLabel('Nombre (lo ve el comprador)').fill('Miércoles al 25 %');
  await dialog.getByLabel('Valor (%)').fill('120');
  await dialog.getByRole('checkbox', { name: 'Miércoles' }).check();
  await dialog.getByLabel('Usos en total').fill('10');
  await dialog.getByRole('button', { name: 'Crear promoción' }).click();
  await dialog.getByRole('alert').getByText('Un porcentaje va de 1 a 100.').waitFor();
  await dialog.getByLabel('Valor (%)').fill('25');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Crear promoción' }).click();
  await dialog.getByText('Promoción creada con éxito.').waitFor();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  const row = page.getByRole('table', { name: 'Promociones' }).getByRole('row').filter({ hasText: code });
  await row.getByText('Miércoles al 25 %').waitFor();
  await row.getByText('0 / 10').waitFor();
  // The switch shows the server's state: it turns off once the promotion is saved.
  await row.getByRole('checkbox', { name: `${code} activa` }).click();
  await row.getByText('No', { exact: true }).waitFor();
  const saved = (await call<PromotionView[]>('GET', '/promotions', await adminToken())).find((promotion) => promotion.code === code);
  expect(saved).toMatchObject({ kind: 'percent', value: 25, appliesTo: { weekdays: ['Miércoles'] }, limits: { total: 10 }, active: false });
});
