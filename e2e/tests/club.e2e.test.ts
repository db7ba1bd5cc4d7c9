import { formatMoney, pointsEarned, type ClubMe, type OrderView, type PassPlanView, type ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { openPagePerTest, PHONE, screenshot } from '../src/browser';
import { callApi as call } from '../src/api';
import { aBuyer, aCancellableShow, paidOrder } from '../src/orders';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn } from '../src/session';

let page: Page;
openPagePerTest('club', (opened) => (page = opened), PHONE);

const PASSWORD = 'cineclub2026';

async function expectNoSidewaysScroll() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** The member's club as the API answers it, once `until` holds (the points come from order.paid, a moment later). */
async function clubOf(token: string, until: (me: ClubMe) => boolean): Promise<ClubMe> {
  let me = await call<ClubMe>('GET', '/club/me', token);
  for (let tries = 0; tries < 75 && !until(me); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    me = await call<ClubMe>('GET', '/club/me', token);
  }
  if (!until(me)) throw new Error(`the club never got there: ${JSON.stringify(me)}`);
  return me;
}

/** The order the checkout page led to (/compra/:id). */
async function orderOnPage(token: string): Promise<OrderView> {
  await page.waitForURL('**/compra/*');
  const orderId = page.url().split('/compra/')[1]!.split(/[?#]/)[0]!;
  return call<OrderView>('GET', `/orders/${orderId}`, token);
}

test('on a phone: join Cine Club, buy, see the points, spend them on candy, subscribe to a Cine Pase, book an included ticket, cancel the pass', async () => {
  const show: ShowView = await aCancellableShow();
  const { token: admin } = await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  // 1. Joining, from the profile.
  const buyer = await aBuyer('socio', PASSWORD);
  await logIn(page, buyer.email, PASSWORD);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Ir a Cine Club' }).click();
  await page.waitForURL('**/club');
  await page.getByRole('heading', { name: 'Cine Club', level: 1 }).waitFor();
  await expectNoSidewaysScroll();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Unirme a Cine Club' }).click();
  await page.getByText('¡Listo! Ya eres socio de Cine Club.').waitFor();
  await page.getByLabel('Saldo de puntos').getByText('0 puntos').waitFor();

  // 2. A purchase (two tickets by bank card) earns its points, shown on the club's page with the order in the ledger.
  const bought = await paidOrder(buyer, show, 2);
  const earned = pointsEarned(bought.total);
  expect(earned).toBeGreaterThan(0);
  await clubOf(buyer.token, (me) => me.points === earned);
  await page.reload();
  await page.getByLabel('Saldo de puntos').getByText(`${earned} puntos`).waitFor();
  const moves = page.getByRole('list', { name: 'Movimientos' });
  await moves.getByText('Puntos ganados').waitFor();
  await moves.getByText(`Pedido ${bought.code}`, { exact: false }).waitFor();
  await expectNoSidewaysScroll();
  await screenshot(page, 'club-member-390');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // 3. Spending them: a ticket and candy, the points pay part, the bank card the rest.
  const candy = await call<Array<{ id: string; name: string; price: number; quantity?: number }>>('GET', '/candy', null);
  const item = candy.find((candidate) => (candidate.quantity ?? 10) >= 1);
  if (!item) throw new Error('no candy in stock');
  await call('POST', '/tickets/addTickets', buyer.token, { userId: buyer.userId, seats: 1, showId: show.id });
  await call('POST', '/candy/add', buyer.token, { index: item.id, quantity: 1, userId: buyer.userId });
  await page.goto('/Checkout');
  const payment = page.getByRole('region', { name: 'Tarjeta de pago' });
  const club = payment.getByRole('group', { name: 'Cine Club' });
  await club.getByRole('checkbox', { name: /Usar puntos/ }).check();
  await club.getByRole('spinbutton', { name: /Puntos a usar/ }).fill(String(earned));
  await club.getByText(`${earned} puntos pagan ${formatMoney(earned)}`, { exact: false }).waitFor();
  await expectNoSidewaysScroll();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();
  const spent = await orderOnPage(buyer.token);
  expect(spent.candy.length).toBe(1);
  expect(spent.payments).toContainEqual({ kind: 'points', amount: earned, points: earned });
  const paid = page.getByRole('list', { name: 'Lo que pagaste' });
  await paid.getByText(`Pagado con Puntos Cine Club (${earned} puntos)`).waitFor();
  await paid.getByText('Pagado con tarjeta bancaria').waitFor();
  await expectNoSidewaysScroll();

  // 4. Subscribing to the pass: the plan chosen, the card entry the checkout's, the first month charged.
  // A plan of its own (other journeys' plans may exist), covering both formats whatever the show's.
  const planName = `Pase E2E ${Date.now().toString(36)}`;
  const plan = await call<PassPlanView>('POST', '/club/plans', admin, {
    name: planName,
    monthlyPrice: 9900,
    ticketsPerMonth: 2,
    formats: ['2D', '3D'],
    active: true,
  });

  await page.goto('/club');
  await page
    .getByRole('radiogroup', { name: 'Planes de Cine Pase' })
    .getByRole('radio', { name: new RegExp(planName) })
    .check();
  const cardEntry = page.getByRole('region', { name: 'Tarjeta del Cine Pase' });
  await expectNoSidewaysScroll();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await cardEntry.getByRole('button', { name: 'Suscribirme' }).click();
  const pass = page.getByLabel('Tu Cine Pase');
  await pass.getByText('Activo').waitFor();
  await pass.getByText('Te quedan 2 de 2').waitFor();
  await screenshot(page, 'club-pass-390');
  const subscribed = await call<ClubMe>('GET', '/club/me', buyer.token);
  expect(subscribed.pass).toMatchObject({ plan: { id: plan.id }, status: 'active', ticketsLeft: 2 });

  // 5. A ticket with the pass: its General base covered, what is left (a surcharge, if any) by bank card.
  await call('POST', '/tickets/addTickets', buyer.token, { userId: buyer.userId, seats: 1, showId: show.id });
  await page.goto('/Checkout');
  await club.getByRole('checkbox', { name: /Usar mi Cine Pase/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();
  const withPass = await orderOnPage(buyer.token);
  expect(withPass.payments.some((part) => part.kind === 'pass' && part.amount > 0)).toBe(true);
  await page.getByRole('list', { name: 'Lo que pagaste' }).getByText('Pagado con Cine Pase').waitFor();
  await clubOf(buyer.token, (me) => me.pass?.ticketsLeft === 1);

  // 6. Cancelling: a confirmation says it stays until the period ends; it does.
  await page.goto('/club');
  await pass.getByText('Te queda 1 de 2').waitFor();
  await page.getByRole('button', { name: 'Cancelar Cine Pase' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar tu Cine Pase?' });
  await dialog.getByText(/Tu Cine Pase sigue vigente hasta el \d{2}\/\d{2}\/\d{4}/).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Sí, cancelar' }).click();
  await pass.getByText('Cancelado (vigente hasta el fin del período)').waitFor();
  await pass.getByText('Vigente hasta el', { exact: true }).waitFor();
  await expectNoSidewaysScroll();
  const cancelled = await call<ClubMe>('GET', '/club/me', buyer.token);
  expect(cancelled.pass?.status).toBe('cancelling');
});

test('on a desktop, the admin runs Cine Club: a plan created, a member found and their points adjusted with a reason, the renewals shown', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await aBuyer('ajuste', PASSWORD);
  await call('POST', '/club/join', member.token);
  const planName = `Plan Admin ${Date.now().toString(36)}`;
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin?seccion=cine-club');

  await page.getByRole('button', { name: 'Nuevo plan' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo plan de Cine Pase' });
  await form.getByLabel('Nombre').fill(planName);
  await form.getByLabel(/Precio mensual/).fill('120');
  await form.getByLabel('Entradas por mes').fill('3');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Crear plan' }).click();
  await page.getByText(`Plan «${planName}» creado.`).waitFor();
  await page
    .getByRole('table', { name: 'Planes de Cine Pase' })
    .getByRole('row')
    .filter({ hasText: planName })
    .getByText('A la venta')
    .waitFor();

  const members = page.getByRole('region', { name: 'Socios' });
  await members.getByPlaceholder('Buscar por correo o nombre...').fill(member.email);
  await members.getByRole('button', { name: 'Buscar' }).click();
  const row = members.getByRole('table', { name: 'Socios de Cine Club' }).getByRole('row').filter({ hasText: member.email });
  await row.getByRole('button', { name: /Ajustar puntos de/ }).click();
  const adjust = page.getByRole('dialog', { name: /Ajustar puntos de/ });
  await adjust.getByLabel('Puntos (negativo para restar)').fill('250');
  await adjust.getByLabel('Motivo').fill('Compensación por una función suspendida');
  await adjust.getByRole('button', { name: 'Ajustar puntos' }).click();
  await page.getByText(/ajustados \(\+250\): ahora tiene 250 puntos\./).waitFor();
  expect((await call<ClubMe>('GET', '/club/me', member.token)).points).toBe(250);

  await page.getByRole('heading', { name: 'Renovaciones del Cine Pase' }).waitFor();
  await page.getByText(/La renovación corre cada \d+ min\./).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
