import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { alertFrom, baseUrl, openPagePerTest, screenshot, uniqueEmail, waitForMail } from '../src/browser';
import { logIn, registerThroughApi } from '../src/session';

/**
 * Issues 34 and 35: a session without 'Recordarme' holds across the browser's tabs until the browser is
 * closed or the buyer signs out (then on the server too); the tickets saved for offline use belong to
 * that session alone; recovery takes an e-mail typed in capitals; a password change mails the owner.
 */
let page: Page;
openPagePerTest('sessions', (opened) => (page = opened));

const PASSWORD = 'sesiones2026';

const userMenu = (on: Page, name: string) => on.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true });

async function newUser(label: string): Promise<{ id: string; email: string; username: string }> {
  const email = uniqueEmail(label);
  const username = `${label}${Date.now() % 100000}`;
  const id = await registerThroughApi(email, username, PASSWORD);
  return { id, email, username };
}

async function meWith(token: string | null): Promise<number> {
  return (await fetch(`${baseUrl()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;
}

test("without 'Recordarme', a second tab has the session; 'Cerrar sesión' ends it in every tab and on the server", async () => {
  const user = await newUser('pestanas');
  await logIn(page, user.email, PASSWORD);
  await userMenu(page, user.username).waitFor();
  const token = await page.evaluate(() => window.sessionStorage.getItem('sw-token'));
  expect(token).toBeTruthy();

  // A second tab of the same browser (as the receipt mail's link opens one): signed in, on a page that needs it.
  const second = await page.context().newPage();
  await second.goto('/profile');
  await second.getByText(user.email).waitFor();
  await userMenu(second, user.username).waitFor();
  await screenshot(second, 'sessions-second-tab');

  await userMenu(page, user.username).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL('**/home');

  // The other tab signs out too, and the token no longer works anywhere: it was revoked, not only forgotten.
  await userMenu(second, 'Usuario').waitFor();
  expect(await second.evaluate(() => window.sessionStorage.getItem('sw-token'))).toBeNull();
  await expectEventually(async () => (await meWith(token)) === 401, 'the signed-out token to be refused');
  await second.close();
});

test('recovery takes an e-mail typed in capitals, as login does', async () => {
  const user = await newUser('mayusculas');
  await page.goto('/login');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'RECUPERAR CONTRASEÑA' });
  await dialog.getByLabel('Email').fill(user.email.toUpperCase());

  expect(await alertFrom(page, () => dialog.getByRole('button', { name: 'Enviar código' }).click())).toBe(
    'El mail ha sido enviado a la casilla indicada.',
  );
  await waitForMail(user.email, (eml) => /recuper/i.test(eml));
});

test("the same password again is refused; a change is mailed to the account's owner", async () => {
  const user = await newUser('aviso');
  await logIn(page, user.email, PASSWORD);
  await page.goto('/changepassword');
  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  await page.getByLabel('Ingresa tu nueva contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await page.getByRole('alert').filter({ hasText: 'La nueva contraseña debe ser distinta de la actual.' }).waitFor();

  await page.getByLabel('Ingresa tu nueva contraseña').fill('otraDistinta2026');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await page.waitForURL('**/login');
  const notice = await waitForMail(user.email, (eml) => eml.includes('Si no fuiste t'));
  expect(notice).toContain(`Hola ${user.username}:`);
});

/**
 * A shared computer: one persistent browser profile, closed and opened again as a person would. The tickets
 * saved offline are never handed to a made-up token naming the buyer's id, and are gone once the session
 * that saved them ended with the browser (no 'Cerrar sesión').
 */
describe('the offline copy of Mis entradas on a shared computer', () => {
  let profile: string;
  beforeAll(async () => {
    profile = await mkdtemp(path.join(tmpdir(), 'cine-shared-computer-'));
  });
  afterAll(async () => {
    await rm(profile, { recursive: true, force: true });
  });

  const openBrowser = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'],
      headless: true,
      baseURL: baseUrl(),
      locale: 'es-AR',
    });

  const savedTickets = (on: Page) =>
    on.evaluate(async () => (await (await caches.open('cine-tickets-v1')).keys()).map((request) => request.url));

  test('serves the saved tickets to their session only, and forgets them when the browser closed without signing out', async () => {
    const user = await newUser('compartida');
    let browser: BrowserContext = await openBrowser();
    try {
      let tab = browser.pages()[0] ?? (await browser.newPage());
      await logIn(tab, user.email, PASSWORD);
      await expectEventually(
        () => tab.evaluate(() => navigator.serviceWorker.controller !== null),
        'the service worker to control the page',
      );
      await tab.goto('/mis-entradas');
      await expectEventually(async () => (await savedTickets(tab)).length === 1, 'the saved copy of Mis entradas');

      // Offline, a token made up to name the buyer's id gets nothing from the worker.
      const forged = `x.${Buffer.from(JSON.stringify({ sub: user.id, role: 'user', ver: 1 })).toString('base64url')}.firma-inventada`;
      await browser.setOffline(true);
      await browser.route('**', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));
      const answered = await tab.evaluate(
        async (authorization) =>
          fetch('/api/tickets/mine', { headers: { authorization } }).then(
            (response) => response.status,
            () => 'failed',
          ),
        `Bearer ${forged}`,
      );
      expect(answered).toBe('failed');
      await browser.unrouteAll();
      await browser.setOffline(false);

      // The buyer closes the browser without signing out; the next person opens it.
      await browser.close();
      browser = await openBrowser();
      tab = browser.pages()[0] ?? (await browser.newPage());
      await tab.goto('/home');
      await expectEventually(async () => (await tab.evaluate(() => window.sessionStorage.getItem('sw-token'))) === null, 'no session');
      await expectEventually(async () => (await savedTickets(tab)).length === 0, 'the saved tickets to be deleted');
    } finally {
      await browser.close();
    }
  });
});

async function expectEventually(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
