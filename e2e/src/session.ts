import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

/** Logs in through the login page and waits for the home page it leads to. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/home');
}

/** Registers a user through the API (the register page has its own journey) and answers its id. */
export async function registerThroughApi(email: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, username, password }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Calls the API as the user signed in on `page` (the token the shell keeps under 'sw-token': for this browser session, or with 'Recordarme' for good). */
export async function apiAs<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('sw-token') ?? window.localStorage.getItem('sw-token'));
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}
