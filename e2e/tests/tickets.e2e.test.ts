import { CINEMA_TIME_ZONE, FIRST_CINEMA_ID, type ShowView, type TicketView } from '@cine/contracts';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { baseUrl, newPage, openPagePerTest, PHONE, screenshot, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DOOR_OPENS_MINUTES_BEFORE } from '../src/platform';
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

/**
 * The shows of the first cinema (the door staff's) `offset` days from today: a show of another cinema is
 * refused at that door with its cinema's name.
 */
async function firstCinemaShowsOn(offset: number): Promise<ShowView[]> {
  const shows = (await (await fetch(`${baseUrl()}/api/show/date?date=${cinemaDate(offset)}`)).json()) as ShowView[];
  return shows.filter((show) => show.cinemaId === FIRST_CINEMA_ID);
}

/**
 * A show of today (or, late at night, of tomorrow: the door lists both) that starts in an hour or more, with
 * seats, and whose door is open (it starts within DOOR_OPENS_MINUTES_BEFORE).
 */
async function aShowForTheDoor(): Promise<{ show: ShowView; day: 'Hoy' | 'Mañana' }> {
  for (const [offset, day] of [
    [0, 'Hoy'],
    [1, 'Mañana'],
  ] as const) {
    const shows = await firstCinemaShowsOn(offset);
    const show = shows.find(
      (candidate) =>
        candidate.seats >= 4 &&
        Date.parse(candidate.startsAt) > Date.now() + 60 * 60_000 &&
        Date.parse(candidate.startsAt) < Date.now() + (DOOR_OPENS_MINUTES_BEFORE - 10) * 60_000,
    );
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

/** A registered user the admin has made staff ('Personal'). */
async function staffUser(): Promise<{ email: string; username: string }> {
  const email = uniqueEmail('portero');
  const username = `portero${Date.now() % 100000}`;
  const id = await registerThroughApi(email, username, PASSWORD);
  const given = await fetch(`${baseUrl()}/api/admin/updateUser`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, role: 'staff', cinemaIds: [FIRST_CINEMA_ID] }),
  });
  expect(given.status).toBe(200);
  return { email, username };
}

/** On /acceso: the day and the show the door checks, once its list (for offline) has been read. */
async function checkShow(door: Page, show: ShowView, day: 'Hoy' | 'Mañana'): Promise<void> {
  await door.getByRole('button', { name: new RegExp(`^${day}`) }).click();
  await door.getByRole('button', { name: `${show.schedule} · ${show.movie.Title} · Sala ${show.roomId} · ${show.type}` }).click();
  await door.getByRole('region', { name: 'Controlando' }).getByText(show.movie.Title).waitFor();
  await door.getByText(/^Con conexión/).waitFor();
}

async function typeAtTheDoor(door: Page, text: string): Promise<void> {
  await door.getByLabel('Código de la entrada').fill(text);
  await door.getByRole('button', { name: 'Validar' }).click();
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

  // Printed: the tickets alone, their QR visible; no site navigation, no print button.
  await page.emulateMedia({ media: 'print' });
  expect(await page.getByRole('navigation', { name: 'Principal' }).isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Imprimir entradas' }).isVisible()).toBe(false);
  expect(await card.getByRole('img').isVisible()).toBe(true);
  await page.emulateMedia({ media: 'screen' });

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

  const staff = await staffUser();

  // The door, in a second browser: Control de acceso from the user menu, the show, the typed code.
  const door = await newPage(page.context().browser()!, PHONE);
  try {
    const backOffice: string[] = [];
    door.page.on('request', (request) => {
      if (/\/remotes\/admin\/__federation_expose_(AdminPanel|FeedbackPage|CreatePage)/.test(request.url())) backOffice.push(request.url());
    });
    await logIn(door.page, staff.email, PASSWORD);
    const navbar = door.page.getByRole('navigation', { name: 'Principal' });
    await navbar.getByLabel('Menú').click();
    await navbar.getByRole('button', { name: staff.username, exact: true }).click();
    expect(await navbar.getByRole('link', { name: 'Panel de Admin' }).count()).toBe(0);
    await navbar.getByRole('link', { name: 'Control de acceso' }).click();
    await door.page.waitForURL('**/acceso');
    await checkShow(door.page, show, day);
    expect(await seriousAccessibilityViolations(door.page)).toEqual([]);

    const result = door.page.getByRole('region', { name: 'Resultado' });
    await typeAtTheDoor(door.page, code.toLowerCase());
    await result.getByText('ADMITIDA', { exact: true }).waitFor();
    await result.getByText(`${show.movie.Title} · Sala ${show.roomId} · Butaca ${seatLabel}`).waitFor();
    expect(await seriousAccessibilityViolations(door.page)).toEqual([]);

    await typeAtTheDoor(door.page, code);
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

test('the door offline: a signed QR (typed by a barcode reader) checked with the cached key, a second entry refused (also after a reload), and on reconnection the upload reports a ticket admitted meanwhile at another door', async () => {
  const { show, day } = await aShowForTheDoor();
  const buyer = uniqueEmail('dos');
  const buyerId = await registerThroughApi(buyer, `dos${Date.now() % 100000}`, PASSWORD);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: buyer, password: PASSWORD }),
  });
  const { token: buyerToken } = (await login.json()) as { token: string };
  const asBuyer = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${buyerToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  expect((await asBuyer('POST', '/tickets/addTickets', { userId: buyerId, seats: 2, showId: show.id })).ok).toBe(true);
  expect(
    (await asBuyer('POST', '/movies/checkout', { ticket: 2, show: show.id, idUser: buyerId, paymentMethodId: 'pm_card_visa' })).ok,
  ).toBe(true);
  let tickets: TicketView[] = [];
  await until(async () => {
    tickets = ((await (await asBuyer('GET', '/tickets/mine')).json()) as TicketView[]).filter((ticket) => ticket.showId === show.id);
    return tickets.length === 2;
  }, 'the two tickets of the paid order');
  const [first, second] = tickets as [TicketView, TicketView];

  const staff = await staffUser();
  await logIn(page, staff.email, PASSWORD);
  await page.goto('/acceso');
  await checkShow(page, show, day);

  const backOnline = await goOffline(page.context());
  await page.getByText(/^Sin conexión: se valida con la lista de la función/).waitFor();
  const result = page.getByRole('region', { name: 'Resultado' });

  await typeAtTheDoor(page, first.token);
  await result.getByText('ADMITIDA', { exact: true }).waitFor();
  await result.getByText(`${show.movie.Title} · Sala ${show.roomId} · Butaca ${first.seatLabel}`).waitFor();
  await result.getByText('Decidido sin conexión: se subirá al volver la red.').waitFor();
  await typeAtTheDoor(page, first.token);
  await result.getByText('YA USADA', { exact: true }).waitFor();

  // The phone reloads the tab, still offline: the door reopens its last show from what it saved.
  await page.reload();
  await page.getByRole('button', { name: /^Seguir con la última función abierta/ }).click();
  await page.getByRole('region', { name: 'Controlando' }).getByText(show.movie.Title).waitFor();
  await page.getByText(/1 ingreso sin subir/).waitFor();
  await typeAtTheDoor(page, first.token);
  await result.getByText('YA USADA', { exact: true }).waitFor();

  // A forged token: the first one's claims with another signature.
  const [header, claims] = first.token.split('.');
  await typeAtTheDoor(page, `${header}.${claims}.${'A'.repeat(86)}`);
  await result.getByText('NO VÁLIDA', { exact: true }).waitFor();

  // The second ticket: this door admits it offline, while another door, online, admitted it a moment before.
  const staffLogin = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: PASSWORD }),
  });
  const { token: staffToken } = (await staffLogin.json()) as { token: string };
  const elsewhere = await fetch(`${baseUrl()}/api/checkin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: second.code, showId: show.id, entrance: 'Puerta 2' }),
  });
  expect(elsewhere.status).toBe(200);
  await typeAtTheDoor(page, second.code);
  await result.getByText('ADMITIDA', { exact: true }).waitFor();
  await page.getByText(/2 ingresos sin subir/).waitFor();

  await backOnline();
  const conflicts = page.getByRole('region', { name: 'Conflictos de los ingresos sin conexión' });
  await conflicts
    .getByText(new RegExp(`Entrada ${second.code} \\(butaca ${second.seatLabel}\\): admitida dos veces\\..*en Puerta 2\\.`))
    .waitFor();
  expect(await conflicts.getByText(first.code).count()).toBe(0);
  await page.getByText(/^Con conexión/).waitFor();
  expect(await page.getByText(/ingresos? sin subir/).count()).toBe(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'tickets-door-conflict');
});

/** A new buyer who paid `seats` seats of the show: their order id and tickets once issued. */
async function boughtTickets(show: ShowView, seats: number): Promise<{ orderId: string; tickets: TicketView[] }> {
  const buyer = uniqueEmail('butaca');
  const buyerId = await registerThroughApi(buyer, `butaca${Date.now() % 100000}`, PASSWORD);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: buyer, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const asBuyer = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  expect((await asBuyer('POST', '/tickets/addTickets', { userId: buyerId, seats, showId: show.id })).ok).toBe(true);
  const paid = await asBuyer('POST', '/movies/checkout', {
    ticket: seats,
    show: show.id,
    idUser: buyerId,
    paymentMethodId: 'pm_card_visa',
  });
  expect(paid.ok).toBe(true);
  const orderId = ((await paid.json()) as { order: { id: string } }).order.id;
  let tickets: TicketView[] = [];
  await until(async () => {
    tickets = ((await (await asBuyer('GET', '/tickets/mine')).json()) as TicketView[]).filter((ticket) => ticket.showId === show.id);
    return tickets.length === seats;
  }, 'the tickets of the paid order');
  return { orderId, tickets };
}

/**
 * The door at /acceso on `show`, reopened as the last show it checked: the picker lists today and tomorrow
 * only, and offers the last show when the day's listing cannot be read, which is what happens here.
 */
const SHOWS_OF_A_DAY = /\/api\/show\/date\?/;

async function openDoorOn(show: ShowView): Promise<void> {
  await page.evaluate((last) => window.localStorage.setItem('cine-door-last-show', JSON.stringify(last)), show);
  const listingFails = (route: Route) => route.abort('failed');
  await page.route(SHOWS_OF_A_DAY, listingFails);
  try {
    await page.goto('/acceso');
    await page.getByRole('button', { name: /^Seguir con la última función abierta/ }).click();
  } finally {
    await page.unroute(SHOWS_OF_A_DAY, listingFails);
  }
  await page.getByRole('region', { name: 'Controlando' }).getByText(show.movie.Title).waitFor();
  await page.getByText(/^Con conexión/).waitFor();
}

/** A staff member's door on `show`. */
async function doorOn(show: ShowView): Promise<void> {
  const staff = await staffUser();
  await logIn(page, staff.email, PASSWORD);
  await openDoorOn(show);
}

test("the door's window: a ticket of a show three days ahead reads DEMASIADO PRONTO with the show's time; offline past the end, FUNCIÓN TERMINADA", async () => {
  const shows = await firstCinemaShowsOn(3);
  const later = shows.find((candidate) => candidate.seats >= 2);
  if (!later) throw new Error('no show three days ahead with free seats: the booking seed did not run');
  const { tickets: early } = await boughtTickets(later, 1);

  await doorOn(later);
  const result = page.getByRole('region', { name: 'Resultado' });
  await typeAtTheDoor(page, early[0]!.code);
  await result.getByText('DEMASIADO PRONTO', { exact: true }).waitFor();
  await result
    .getByText(new RegExp(`^Función: .* ${later.schedule} · Sala ${later.roomId} · Butaca ${early[0]!.seatLabel}( · .+)?$`))
    .waitFor();
  await result.getByText(/^Demasiado pronto: la puerta de esta función abre a las \d\d:\d\d del \d\d\/\d\d\/\d{4}/).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'tickets-door-too-early');

  // A show whose door is open now; offline, the phone's clock past its end: the door itself says it is over.
  const { show: open } = await aShowForTheDoor();
  const { tickets: late } = await boughtTickets(open, 1);
  await openDoorOn(open);
  const backOnline = await goOffline(page.context());
  try {
    await page.getByText(/^Sin conexión: se valida con la lista de la función/).waitFor();
    await page.clock.setFixedTime(new Date(Date.parse(open.startsAt) + 6 * 3_600_000));
    await typeAtTheDoor(page, late[0]!.code);
    await result.getByText('FUNCIÓN TERMINADA', { exact: true }).waitFor();
    await result
      .getByText(new RegExp(`^Función: .* ${open.schedule} · Sala ${open.roomId} · Butaca ${late[0]!.seatLabel}( · .+)?$`))
      .waitFor();
    expect(await page.getByText(/ingresos? sin subir/).count()).toBe(0);
  } finally {
    await backOnline();
  }
});

test('a refunded ticket scanned at the door of another show reads REEMBOLSADA, not OTRA FUNCIÓN', async () => {
  const { show } = await aShowForTheDoor();
  const { orderId, tickets } = await boughtTickets(show, 1);
  const refunded = await fetch(`${baseUrl()}/api/orders/${orderId}/refund`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Pedido del cliente' }),
  });
  expect(refunded.status).toBe(200);
  const others = [...(await firstCinemaShowsOn(0)), ...(await firstCinemaShowsOn(1))];
  const another = others.find((candidate) => candidate.id !== show.id) as ShowView;

  await doorOn(another);
  const result = page.getByRole('region', { name: 'Resultado' });
  await typeAtTheDoor(page, tickets[0]!.code);
  await result.getByText('REEMBOLSADA', { exact: true }).waitFor();
  await result.getByText('Esta entrada fue reembolsada: no es válida.').waitFor();
  expect(await result.getByText('OTRA FUNCIÓN').count()).toBe(0);
});

test('300 scans recorded offline (more than the gateway takes at once) show how many wait, and all sync when the network returns', async () => {
  const { show } = await aShowForTheDoor();
  await doorOn(show);
  // What a door records offline in a long outage: 300 QR scans of about 250 characters each (not tickets of
  // this cinema: the server answers each, which is what this journey is about).
  const recorded = Array.from({ length: 300 }, (_, n) => ({
    scan: {
      clientScanId: `e2e-${Date.now()}-${String(n).padStart(4, '0')}`,
      token: `eyJhbGciOiJFZERTQSIsImtpZCI6ImFiY2QxMjM0In0.${'x'.repeat(150)}${n}.${'s'.repeat(86)}`,
      showId: show.id,
      scannedAt: new Date().toISOString(),
      entrance: 'Puerta 1',
    },
    code: `Q${String(n).padStart(7, '0')}`,
  }));
  const backOnline = await goOffline(page.context());
  await page.getByText(/^Sin conexión/).waitFor();
  await page.evaluate((pending) => window.localStorage.setItem('cine-door-checkins', JSON.stringify({ pending, problems: [] })), recorded);
  await page.reload();
  await page.getByRole('button', { name: /^Seguir con la última función abierta/ }).click();
  const waiting = page.getByRole('status', { name: 'Ingresos por sincronizar' });
  await waiting.getByText(/^300 ingresos sin subir al servidor\. Se subirán al volver la conexión\.$/).waitFor();
  await screenshot(page, 'tickets-door-pending-sync');

  await backOnline();
  await waiting.waitFor({ state: 'detached', timeout: 60_000 });
  const conflicts = page.getByRole('region', { name: 'Conflictos de los ingresos sin conexión' });
  expect(await conflicts.getByRole('listitem').count()).toBe(300);
});
