import { formatMoney, type CartView, type OrderView, type ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, openPagePerTest, uniqueEmail, waitForMail } from '../src/browser';
import { openSeatMap } from '../src/purchase';
import { apiAs, logIn, registerThroughApi } from '../src/session';

let page: Page;
openPagePerTest('checkout', (opened) => (page = opened));

const PASSWORD = 'entradas2026';
const NACHOS_PRICE = 1250;

/** 1700 → '$ 17,00': the site's one money format (es-AR pesos by default). */
const money = (cents: number) => formatMoney(cents);

/** The soonest show (the seeded ones cover the next 7 days) with room for a few more buyers. */
async function aShowWithSeats(): Promise<ShowView> {
  const shows = (await (await fetch(`${baseUrl()}/api/show/all`)).json()) as ShowView[];
  const show = shows.find((candidate) => candidate.seats >= 10 && Date.parse(candidate.startsAt) > Date.now() + 30 * 60_000);
  if (!show) throw new Error('no show with free seats: the booking seed did not run');
  return show;
}

async function signedInBuyer(label: string): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail(label);
  const userId = await registerThroughApi(email, `${label}${Date.now() % 100000}`, PASSWORD);
  await logIn(page, email, PASSWORD);
  return { email, userId };
}

/** On the movie's page: `show` with `tickets` tickets, the seats the map suggests, and Ir al Carrito. */
async function holdTickets(show: ShowView, tickets: number): Promise<void> {
  const dialog = await openSeatMap(page, show, tickets);
  await dialog.getByRole('button', { name: 'Ir al Carrito' }).click();
}

const sidePanel = (show: ShowView) => page.getByRole('complementary', { name: show.movie.Title });

async function pay(show: ShowView, card: RegExp): Promise<void> {
  await sidePanel(show).getByRole('button', { name: 'Realizar Pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await dialog.getByRole('radio', { name: card }).check();
  await dialog.getByRole('button', { name: 'Realizar Pago' }).click();
}

test('a signed-in user takes 2 tickets, adds 2 COMBO NACHOS, pays with the approved card and gets the order and its receipt', async () => {
  const show = await aShowWithSeats();
  const { email, userId } = await signedInBuyer('pago');
  await holdTickets(show, 2);

  const panel = sidePanel(show);
  await panel.getByText(/^Entradas: 2 /).waitFor();
  await panel.getByText(`Fecha: ${show.day} ${show.schedule}`).waitFor();
  await panel.getByText(`Sala : ${show.roomId}`).waitFor();
  await panel.getByText(`Total a pagar : ${money(2 * show.price)}`).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: 'Dulceria' }).click();
  const promos = page.getByRole('dialog', { name: '¡Disfruta de tu funcion con estas promos!' });
  const nachos = promos.getByRole('listitem', { name: 'COMBO NACHOS' });
  await nachos.getByLabel('Cantidad').fill('2');
  await nachos.getByRole('button', { name: 'Agregar' }).click();
  await nachos.getByText('En tu pedido: 2').waitFor();
  await page.keyboard.press('Escape');
  const total = 2 * show.price + 2 * NACHOS_PRICE;
  await panel.getByText(`Total a pagar : ${money(total)}`).waitFor();

  await pay(show, /4242 4242 4242 4242/);
  // The confirmation page: the spec's success words, then the order.
  await page.waitForURL('**/compra/*');
  await page.getByText('Pago realizado con éxito').waitFor();
  await page.getByRole('heading', { name: 'Compra confirmada' }).waitFor();

  const cart = await apiAs<CartView>(page, 'POST', '/cart/userCart', { idUser: userId });
  expect(cart.body).toEqual({ tickets: [], candy: [], orderPrice: 0 });
  const history = await apiAs<OrderView[]>(page, 'POST', '/cart/tickets', { idUser: userId });
  expect(history.body).toHaveLength(1);
  expect(history.body[0]).toMatchObject({
    showId: show.id,
    seats: 2,
    total,
    candy: [expect.objectContaining({ name: 'COMBO NACHOS', quantity: 2 })],
  });

  const receipt = await waitForMail(email, (eml) => eml.includes('Tu compra en Cine'));
  expect(receipt).toContain(show.movie.Title);
  // Quoted-printable: the no-break space Intl writes after the currency is =C2=A0.
  expect(receipt).toContain(money(total).replace('\u00a0', '=C2=A0'));
});

test('a declined card shows the rejection toast and sells nothing', async () => {
  const show = await aShowWithSeats();
  const { userId } = await signedInBuyer('rechazo');
  await holdTickets(show, 1);
  await sidePanel(show)
    .getByText(`Total a pagar : ${money(show.price)}`)
    .waitFor();

  await pay(show, /4000 0000 0000 0002/);
  // The toast, and inside the dialog next to the card form, with the reason and what to do next.
  await page.getByText('Su tarjeta ha sido rechazada. Intente nuevamente').first().waitFor();
  const explained = page.getByRole('dialog', { name: 'Metodo de Pago' }).getByRole('alert');
  await explained.filter({ hasText: 'Su tarjeta ha sido rechazada. Intente nuevamente' }).waitFor();
  await explained.filter({ hasText: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.' }).waitFor();
  await explained.filter({ hasText: 'tus butacas siguen reservadas' }).waitFor();

  const history = await apiAs<OrderView[]>(page, 'POST', '/cart/tickets', { idUser: userId });
  expect(history.body).toEqual([]);
  // The seat stays held for the user (until the hold lapses), not sold.
  const cart = await apiAs<CartView>(page, 'POST', '/cart/userCart', { idUser: userId });
  expect(cart.body.tickets).toEqual([expect.objectContaining({ showId: show.id, seats: 1 })]);
});

test('a guest clicking Comprar is asked to log in', async () => {
  const show = await aShowWithSeats();
  await page.goto(`/movies/${show.movieId}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  const prompt = page.getByRole('dialog', { name: 'Debes iniciar sesion para Comprar' });
  await prompt.getByRole('link', { name: 'Iniciar sesión' }).click();
  // With the place to come back to (the return-to-place).
  await page.waitForURL(`**/login?volver=${encodeURIComponent(`/movies/${show.movieId}?comprar=1`)}`);
});

test("/candy shows each product with its price in the cinema's money", async () => {
  await page.goto('/candy');
  await page.getByRole('heading', { name: 'Para que disfrutes tu funcion:' }).waitFor();
  await page.getByRole('heading', { name: 'COMBO NACHOS' }).waitFor();
  await page.getByText(`Precio: ${money(1250)}`).waitFor();
  const picture = page.getByRole('img', { name: 'COMBO NACHOS' });
  await expect(picture.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).resolves.toBeGreaterThan(0);
});
