import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { alertFrom, openPagePerTest, uniqueEmail, waitForMail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';

let page: Page;
openPagePerTest('account', (opened) => (page = opened));

async function register(email: string, username: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByRole('heading', { name: 'Regístrate' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nombre de usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await page.waitForURL('**/login');
}

async function login(email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** The user menu's toggle shows the username, or 'Usuario' for a guest. */
const userMenu = (name: string) => page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true });
const recoveryLink = () => page.getByRole('button', { name: '¿Olvidaste tu contraseña? Recupérala aquí' });

test('a visitor registers, logs in, sees their name and profile, and logs out', async () => {
  const email = uniqueEmail('ana');
  const username = `ana${Date.now() % 100000}`;
  await register(email, username, 'entradas2026');

  await login(email, 'entradas2026');
  await page.waitForURL('**/home');
  await userMenu(username).waitFor();
  // Without 'Recordarme' the session lives as long as the browser session.
  expect(await page.evaluate(() => window.sessionStorage.getItem('sw-token'))).toBeTruthy();

  await userMenu(username).click();
  await page.getByRole('link', { name: 'Mi perfil' }).click();
  await page.waitForURL('**/profile');
  await page.getByText(email).waitFor();
  await page.getByText('No has comentado nada todavía').waitFor();

  await userMenu(username).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL('**/home');
  expect(await page.evaluate(() => window.localStorage.getItem('sw-token') ?? window.sessionStorage.getItem('sw-token'))).toBeNull();
  await userMenu('Usuario').waitFor();
});

test('registering an e-mail twice shows the spec error', async () => {
  const email = uniqueEmail('dup');
  await register(email, 'dup', 'entradas2026');
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nombre de usuario').fill('dup2');
  await page.getByLabel('Contraseña').fill('entradas2026');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await page.getByText('Error, intente nuevamente').waitFor();
});

test('a bad login shows the server error in red with a recovery link', async () => {
  await login('nadie@cine.test', 'incorrecta123');
  const error = page.getByRole('alert').filter({ hasText: 'Email o contraseña incorrectos.' });
  await error.waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const color = await error.evaluate((element) => getComputedStyle(element).color);
  const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
  expect(red).toBeGreaterThan(150);
  expect(green).toBeLessThan(120);
  expect(blue).toBeLessThan(120);
  await recoveryLink().click();
  await page.getByRole('dialog', { name: 'RECUPERAR CONTRASEÑA' }).waitFor();
});

test('an admin sees the admin panel link; a user does not', async () => {
  await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL('**/home');
  await page.getByRole('link', { name: 'Panel de Admin' }).waitFor();

  const email = uniqueEmail('user');
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await register(email, 'usuario', 'entradas2026');
  await login(email, 'entradas2026');
  await page.waitForURL('**/home');
  await userMenu('usuario').waitFor();
  expect(await page.getByRole('link', { name: 'Panel de Admin' }).count()).toBe(0);
});

test('an unknown route shows the 404 page with a way home', async () => {
  await page.goto('/esto-no-existe');
  await page.getByText('Oops... esta página no está disponible.').waitFor();
  await page.getByRole('link', { name: 'VOLVER A HOME' }).click();
  await page.waitForURL('**/home');
});

test('password recovery: the code arrives by mail and the new password works', async () => {
  const email = uniqueEmail('olvido');
  await register(email, 'olvido', 'original2026');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill('equivocada1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await recoveryLink().click();
  const dialog = page.getByRole('dialog', { name: 'RECUPERAR CONTRASEÑA' });
  await dialog.getByLabel('Email').fill(email);
  expect(await alertFrom(page, () => dialog.getByRole('button', { name: 'Enviar código' }).click())).toBe(
    'El mail ha sido enviado a la casilla indicada.',
  );

  const mail = await waitForMail(email, (eml) => /\b\d{6}\b/.test(eml.split('\n\n').slice(1).join('\n')) && /recuper/i.test(eml));
  const code = /\b(\d{6})\b/.exec(mail.split('\n\n').slice(1).join('\n'))?.[1];
  expect(code).toMatch(/^\d{6}$/);

  // After its alert the dialog asks for the code.
  await dialog.getByLabel('Código').waitFor();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Código').fill(code as string);
  await dialog.getByLabel('Nueva contraseña').fill('renovada2026');
  await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await dialog.getByText('Tu contraseña fue actualizada.', { exact: false }).waitFor();

  await login(email, 'renovada2026');
  await page.waitForURL('**/home');
  await userMenu('olvido').waitFor();
});

test('changing the password asks for the current one; the new one works and the old one no longer does', async () => {
  const email = uniqueEmail('clave');
  const username = `clave${Date.now() % 100000}`;
  await register(email, username, 'entradas2026');
  await login(email, 'entradas2026');
  await page.waitForURL('**/home');

  await page.goto('/changepassword');
  await page.getByRole('heading', { name: 'Cambiar contraseña' }).waitFor();
  await page.getByLabel('Contraseña actual').fill('no-es-la-mia-2026');
  await page.getByLabel('Ingresa tu nueva contraseña').fill('butacas2027');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta.' }).waitFor();

  await page.getByLabel('Contraseña actual').fill('entradas2026');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await page.waitForURL('**/login');
  await page.getByText('Tu contraseña fue actualizada. Inicia sesión con tu nueva contraseña.').waitFor();

  await login(email, 'entradas2026');
  await page.getByRole('alert').filter({ hasText: 'Email o contraseña incorrectos.' }).waitFor();
  await login(email, 'butacas2027');
  await page.waitForURL('**/home');
  await userMenu(username).waitFor();
});
