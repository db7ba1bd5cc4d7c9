import { CINEMA_TIME_ZONE, formatMoney, type OrderView, type ShowView } from '@cine/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, openPagePerTest, PHONE, uniqueEmail } from '../src/browser';
import { apiAs, logIn, registerThroughApi } from '../src/session';

/**
 * Issue 23's buyer's journey, at 390 px as most visitors see the site: the Cartelera por día,
 * a sign-in that keeps the buyer's place, the payment, the confirmation page and Mis compras.
 */
let page: Page;
openPagePerTest('journey', (opened) => (page = opened), PHONE);

const PASSWORD = 'entradas2026';

/** The cinema's date `days` from today, 'yyyy-mm-dd' (Buenos Aires, whatever this machine's zone). */
function cinemaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CINEMA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function showsOf(date: string): Promise<ShowView[]> {
  return (await (await fetch(`${baseUrl()}/api/show/date?date=${date}`)).json()) as ShowView[];
}

/** Waits until `condition` holds (the page fills the selectors a moment after it loads). */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function choicesAre(show: ShowView): Promise<void> {
  await until(
    async () =>
      (await page.getByLabel('Día', { exact: true }).inputValue()) === show.date &&
      (await page.getByLabel('Horario').count()) === 1 &&
      (await page.getByLabel('Horario').inputValue()) === show.schedule &&
      (await page.getByLabel('Formato').count()) === 1 &&
      (await page.getByLabel('Formato').inputValue()) === show.id,
    `day ${show.date}, time ${show.schedule} and format ${show.type} chosen`,
  );
}

test('the Cartelera por día of tomorrow lists every show of tomorrow that the API lists, each a link into its purchase', async () => {
  const tomorrow = cinemaDate(1);
  const showsOfTomorrow = async () =>
    ((await (await fetch(`${baseUrl()}/api/show/all`)).json()) as ShowView[]).filter((show) => show.date === tomorrow);
  expect((await showsOfTomorrow()).length).toBeGreaterThan(0);

  await page.goto('/home');
  await page
    .getByRole('link', { name: /Cartelera por día/ })
    .first()
    .click();
  await page.waitForURL('**/cartelera');
  await page
    .getByRole('navigation', { name: 'Elegir día' })
    .getByRole('link', { name: /^Mañana/ })
    .click();
  await page.waitForURL(`**/cartelera?fecha=${tomorrow}`);
  await until(async () => (await page.title()) === 'Cine — Cartelera por día', "the Cartelera por día's title");
  // Asked once the page shows: the seed adds the shows of the chain's cinemas as the movies arrive.
  const listed = await showsOfTomorrow();

  for (const show of listed) {
    const movie = page.getByRole('article', { name: show.movie.Title, exact: true });
    const link = movie.getByRole('link', { name: `${show.schedule} Sala ${show.roomId}, ${show.type}: comprar entradas` });
    if (show.seats > 0) expect(await link.getAttribute('href')).toBe(`/movies/${show.movieId}?funcion=${show.id}`);
    else await movie.getByText(`${show.schedule} Agotada`).waitFor();
  }
  const times = page.locator('main article li');
  expect(await times.count()).toBe(listed.length);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('guest → Comprar → register → sign in → back on the same show with the same choices → pay → confirmation → Mis compras', async () => {
  const tomorrow = cinemaDate(1);
  const show = (await showsOf(tomorrow)).find((candidate) => candidate.seats >= 10);
  if (!show) throw new Error('no show with free seats tomorrow: the booking seed did not run');

  // From the Cartelera por día straight into the show: the purchase box loads at once, day, time and format chosen.
  await page.goto(`/cartelera?fecha=${tomorrow}`);
  await page
    .getByRole('article', { name: show.movie.Title, exact: true })
    .getByRole('link', { name: `${show.schedule} Sala ${show.roomId}, ${show.type}: comprar entradas` })
    .click();
  await page.waitForURL(`**/movies/${show.movieId}?funcion=${show.id}`);
  await choicesAre(show);
  await until(async () => (await page.title()) === `Cine — ${show.movie.Title}`, 'the movie page title');
  // At 390 px the day option reads in full ('Viernes 27/11'): its text fits the select with room for the arrow.
  const fits = await page.getByLabel('Día', { exact: true }).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.text ?? '';
    return {
      text,
      room: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      width: context.measureText(text).width,
    };
  });
  expect(fits.text).toMatch(/^\S+ \d\d\/\d\d$/);
  expect(fits.width).toBeLessThan(fits.room - 16);

  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.getByRole('dialog', { name: 'Debes iniciar sesion para Comprar' }).getByRole('link', { name: 'regístrate' }).click();
  await page.waitForURL('**/register?volver=*');
  const email = uniqueEmail('viaje');
  const username = `viaje${Date.now() % 100000}`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nombre de usuario').fill(username);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await page.waitForURL('**/login?volver=*');
  await page.getByText('Tu cuenta fue creada. Inicia sesión para continuar.').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  // Back on the same movie, the same day, time and format, and the quantity dialog open: the buyer goes on.
  // (Once the dialog is open the page drops comprar=1 from its URL, so a reload does not open it again.)
  await page.waitForURL(`**/movies/${show.movieId}?funcion=${show.id}*`);
  const quantity = page.getByRole('dialog', { name: 'Entradas' });
  await quantity.waitFor();
  await choicesAre(show);
  await quantity.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await quantity.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await quantity.getByRole('button', { name: 'Elegir asientos' }).click();
  await quantity.getByText('(2 de 2)').waitFor();
  await quantity.getByRole('button', { name: 'Ir al Carrito' }).click();
  // The free seats shown follow the hold.
  await page.getByText(`${show.seats - 2} butacas libres`).waitFor();

  const panel = page.getByRole('complementary', { name: show.movie.Title });
  await panel.getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  // What is paid and for what, before the card.
  const amount = payment.getByLabel('Resumen del pago');
  await amount
    .getByText(formatMoney(2 * show.price))
    .first()
    .waitFor();
  await amount.getByText(/^2 entradas · /).waitFor();
  await payment.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();

  await page.waitForURL('**/compra/*');
  const orderId = page.url().split('/compra/')[1] ?? '';
  await page.getByText('Pago realizado con éxito').waitFor();
  // The page names the order by its short code.
  const { code } = (await apiAs<OrderView>(page, 'GET', `/orders/${orderId}`)).body;
  const checkConfirmation = async () => {
    await page.getByRole('heading', { name: 'Compra confirmada' }).waitFor();
    await page.getByRole('heading', { name: show.movie.Title }).waitFor();
    await page.getByText(code, { exact: true }).first().waitFor();
    await page.getByText(`${show.schedule}`).first().waitFor();
    await page.getByText(email).waitFor();
    await page.getByRole('link', { name: 'Ver entradas' }).waitFor();
  };
  await checkConfirmation();
  await until(async () => (await page.title()) === 'Cine — Compra confirmada', "the confirmation page's title");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // A reload shows the same order.
  await page.reload();
  await checkConfirmation();
  const history = await apiAs<OrderView[]>(page, 'GET', `/orders/${orderId}`);
  expect(history.body).toMatchObject({ id: orderId, showId: show.id, seats: 2, total: 2 * show.price });

  // Another user gets a 404 for it.
  const otherEmail = uniqueEmail('ajeno');
  await registerThroughApi(otherEmail, `ajeno${Date.now() % 100000}`, PASSWORD);
  const otherLogin = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: otherEmail, password: PASSWORD }),
  });
  const { token } = (await otherLogin.json()) as { token: string };
  expect((await fetch(`${baseUrl()}/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);

  // Mis compras, from the confirmation page (and the user menu), lists it and opens its page again.
  await page.getByRole('link', { name: 'Mis compras' }).click();
  await page.waitForURL('**/mis-compras');
  await until(async () => (await page.title()) === 'Cine — Mis compras', 'the Mis compras title');
  const upcoming = page.getByRole('region', { name: 'Próximas funciones' });
  await upcoming.getByRole('link', { name: new RegExp(show.movie.Title) }).click();
  await page.waitForURL(`**/compra/${orderId}`);
  await checkConfirmation();
});

test('"Recordarme": checked, the session survives closing the browser; unchecked, it ends with it', async () => {
  const email = uniqueEmail('recuerda');
  const username = `recuerda${Date.now() % 100000}`;
  await registerThroughApi(email, username, PASSWORD);
  const browser = page.context().browser() as Browser;

  /** Signs in on a fresh browser, closes it and opens another with what the first left on disk (cookies and localStorage). */
  const reopenAfterSignIn = async (remember: boolean): Promise<BrowserContext> => {
    const first = await browser.newContext({ baseURL: baseUrl(), ...PHONE });
    const tab = await first.newPage();
    await tab.goto('/login');
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Contraseña').fill(PASSWORD);
    if (remember) await tab.getByRole('checkbox', { name: 'Recordarme' }).check();
    await tab.getByRole('button', { name: 'Ingresar' }).click();
    await tab.waitForURL('**/home');
    const kept = await first.storageState();
    await first.close();
    return browser.newContext({ baseURL: baseUrl(), ...PHONE, storageState: kept });
  };

  for (const remember of [true, false]) {
    const reopened = await reopenAfterSignIn(remember);
    const tab = await reopened.newPage();
    await tab.goto('/home');
    await tab.getByRole('navigation', { name: 'Principal' }).getByLabel('Menú').click();
    await tab
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('button', { name: remember ? username : 'Usuario', exact: true })
      .waitFor();
    await reopened.close();
  }
});

test('"¿Olvidaste tu contraseña?" is there before any failed attempt', async () => {
  await page.goto('/login');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?', exact: true }).click();
  await page.getByRole('dialog', { name: 'RECUPERAR CONTRASEÑA' }).waitFor();
});

test('a declined card is explained inside the payment dialog', async () => {
  const show = (await showsOf(cinemaDate(2))).find((candidate) => candidate.seats >= 10);
  if (!show) throw new Error('no show with free seats in two days');
  const email = uniqueEmail('rechazo');
  await registerThroughApi(email, `rechazo${Date.now() % 100000}`, PASSWORD);
  await logIn(page, email, PASSWORD);
  await page.goto(`/movies/${show.movieId}?funcion=${show.id}`);
  await choicesAre(show);
  await page.getByRole('button', { name: 'Comprar' }).click();
  const quantity = page.getByRole('dialog', { name: 'Entradas' });
  await quantity.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await quantity.getByRole('button', { name: 'Elegir asientos' }).click();
  await quantity.getByText('(1 de 1)').waitFor();
  await quantity.getByRole('button', { name: 'Ir al Carrito' }).click();
  await page.getByRole('complementary', { name: show.movie.Title }).getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.getByRole('radio', { name: /4000 0000 0000 0002/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();
  const explained = payment.getByRole('alert');
  await explained.filter({ hasText: 'Su tarjeta ha sido rechazada. Intente nuevamente' }).waitFor();
  await explained.filter({ hasText: 'Prueba con otra tarjeta' }).first().waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
