import { CINEMA_TIME_ZONE, type ShowView, type TicketView } from '@cine/contracts';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, newPage, openPagePerTest, PHONE, screenshot, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { openSeatMap } from '../src/purchase';
import { apiAs, logIn, registerThroughApi } from '../src/session';

/**
 * Issue 24's journey on phones: a buyer pays, opens Mis entradas, loses the network and still sees the
 * ticket's QR (also after a reload, from the service worker's saved copy); then a staff member, given the
 * role by the admin, checks the ticket in at /acceso by its typed code, and a second check-in says already used.
 */
let page: Page;
openPagePerTest('tickets', (opened) => (page = opened), PHONE);

const PASSWORD = 'entradas2026';

/** The cinema's date `days` from today, 'yyyy-mm-dd'. */
function cinemaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CINEMA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A show of today (or, late at night, of tomorrow: the door lists both) that starts in an hour or more, with seats. */
async function aShowForTheDoor(): Promise<{ show: ShowView; day: 'Hoy' | 'Mañana' }> {
  for (const [offset, day] of [
    [0, 'Hoy'],
    [1, 'Mañana'],
  ] as const) {
    const shows = (await (await fetch(`${baseUrl()}/api/show/date?date=${cinemaDate(offset)}`)).json()) as ShowView[];
    const show = shows.find((candidate) => candidate.seats >= 4 && Date.parse(candidate.startsAt) > Date.now() + 60 * 60_000);
    if (show) return { show, day };
  }
  throw new Error('no show today or tomorrow with free seats: the booking seed did not run');
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * No network for the page nor for its service worker: Playwright's offline mode covers the page's own
 * requests only, so the worker's are aborted as a dropped connection would.
 */
async function goOffline(context: BrowserContext): Promise<() => Promise<void>> {
  const dropWorkerRequests = (route: Route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue());
  await context.setOffline(true);
  await context.route('**', dropWorkerRequests);
  return async () => {
    await context.unroute('**', dropWorkerRequests);
    await context.setOffline(false);
  };
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

test('buy → Mis entradas with its QR → offline (and reloaded) still the QR → staff admit it by code at /acceso → a second time: already used', async () => {
  const { show, day } = await aShowForTheDoor();
  const buyerEmail = uniqueEmail('entrada');
  await registerThroughApi(buyerEmail, `entrada${Date.now() % 100000}`, PASSWORD);
  await logIn(page, buyerEmail, PASSWORD);

  // Buy one ticket.
  const seats = await openSeatMap(page, show, 1);
  await seats.getByRole('button', { name: 'Ir al Carrito' }).click();
  await page.getByRole('complementary', { name: show.movie.Title }).getByRole('button', { name: 'Realizar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Metodo de Pago' });
  await payment.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await payment.getByRole('button', { name: 'Realizar Pago' }).click();
  await page.waitForURL('**/compra/*');

  // The ticket is issued from order.paid: wait for it, then open Mis entradas from the confirmation page.
  let ticket: TicketView | undefined;
  await until(async () => {
    ticket = (await apiAs<TicketView[]>(page, 'GET', '/tickets/mine')).body.find((candidate) => candidate.showId === show.id);
    return ticket !== undefined;
  }, 'the ticket of the paid order');
  const { code, seatLabel } = ticket as TicketView;
  await page.getByRole('link', { name: 'Ver entradas con QR' }).click();
  await page.waitForURL('**/mis-entradas');
  const upcoming = page.getByRole('region', { name: 'Próximas funciones' });
  const card = upcoming.getByRole('article', { name: show.movie.Title });
  await card.getByRole('img', { name: `Código QR de la entrada ${code}, butaca ${seatLabel}` }).waitFor();
  await card.getByText('Válida').waitFor();
  await until(async () => (await page.title()) === 'Cine — Mis entradas', 'the Mis entradas title');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // The QR is large enough to scan from the screen: at least 200 px on a 390 px phone.
  const qrBox = await card.getByRole('img').boundingBox();
  expect(qrBox?.width).toBeGreaterThanOrEqual(200);

  // The service worker controls the page (the shell registered it on the first visit).
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready, navigator.serviceWorker.controller !== null))).toBe(true);

  // Offline: the page still shows the QR, and so does a reload, from the saved copy (and it says so).
  const backOnline = await goOffline(page.context());
  await page.reload();
  await page.getByText(/^Sin conexión: mostrando las entradas guardadas el \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/).waitFor();
  await page
    .getByRole('region', { name: 'Próximas funciones' })
    .getByRole('img', { name: `Código QR de la entrada ${code}, butaca ${seatLabel}` })
    .waitFor();
  await screenshot(page, 'tickets-offline-mis-entradas');
  await backOnline();

  // The admin makes a registered user staff ('Personal').
  const staffEmail = uniqueEmail('portero');
  const staffName = `portero${Date.now() % 100000}`;
  const staffId = await registerThroughApi(staffEmail, staffName, PASSWORD);
  const given = await fetch(`${baseUrl()}/api/admin/updateUser`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: staffId, role: 'staff' }),
  });
  expect(given.status).toBe(200);

  // The door, in a second browser: Control de acceso from the user menu, the show, the typed code.
  const door = await newPage(page.context().browser()!, PHONE);
  try {
    const backOffice: string[] = [];
    door.page.on('request', (request) => {
      if (/\/remotes\/admin\/__federation_expose_(AdminPanel|FeedbackPage|CreatePage)/.test(request.url())) backOffice.push(request.url());
    });
    await logIn(door.page, staffEmail, PASSWORD);
    const navbar = door.page.getByRole('navigation', { name: 'Principal' });
    await navbar.getByLabel('Menú').click();
    await navbar.getByRole('button', { name: staffName, exact: true }).click();
    expect(await navbar.getByRole('link', { name: 'Panel de Admin' }).count()).toBe(0);
    await navbar.getByRole('link', { name: 'Control de acceso' }).click();
    await door.page.waitForURL('**/acceso');
    await door.page.getByRole('button', { name: new RegExp(`^${day}`) }).click();
    await door.page.getByRole('button', { name: `${show.schedule} · ${show.movie.Title} · Sala ${show.roomId} · ${show.type}` }).click();
    await door.page.getByRole('region', { name: 'Controlando' }).getByText(show.movie.Title).waitFor();
    await door.page.getByText(/^Con conexión/).waitFor();
    expect(await seriousAccessibilityViolations(door.page)).toEqual([]);

    const result = door.page.getByRole('region', { name: 'Resultado' });
    await door.page.getByLabel('Código de la entrada').fill(code.toLowerCase());
    await door.page.getByRole('button', { name: 'Validar' }).click();
    await result.getByText('ADMITIDA', { exact: true }).waitFor();
    await result.getByText(`${show.movie.Title} · Sala ${show.roomId} · Butaca ${seatLabel}`).waitFor();
    expect(await seriousAccessibilityViolations(door.page)).toEqual([]);

    await door.page.getByLabel('Código de la entrada').fill(code);
    await door.page.getByRole('button', { name: 'Validar' }).click();
    await result.getByText('YA USADA', { exact: true }).waitFor();
    await result.getByText(/^Usada el \d\d\/\d\d\/\d{4} \d\d:\d\d en Puerta 1/).waitFor();
    await screenshot(door.page, 'tickets-door-already-used');
    expect(backOffice).toEqual([]);
  } finally {
    await door.context.close();
  }

  // Back on the buyer's phone, the ticket now reads used.
  await page.reload();
  await page.getByRole('region', { name: 'Próximas funciones' }).getByText('Usada').waitFor();
});
