import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through jest (its global setup starts the platform)');
  return url;
}

/** Debian's Chromium; playwright launches it with a fresh temporary profile. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags });
}

export async function newPage(browser: Browser, options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'es-AR', ...options });
  const page = await context.newPage();
  return { context, page };
}

/** A phone's screen (390 × 844, touch), as most visitors see the site. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * The browser of a test file: one Chromium for the file, a fresh context for
 * each test (with `options`, e.g. PHONE), screenshotted when the test ends;
 * `onPage` receives each test's page.
 */
export function openPagePerTest(label: string, onPage: (page: Page) => void, options: BrowserContextOptions = {}): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ context, page } = await newPage(browser as Browser, options));
    onPage(page);
  });
  afterEach(async () => {
    if (page) await screenshot(page, `${label}-${expect.getState().currentTestName ?? 'test'}`.replace(/\W+/g, '-'));
    await context?.close();
  });
}

/** Saves a screenshot under .e2e-artifacts/ (kept by CI for a failing run). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = path.resolve(__dirname, '../../.e2e-artifacts');
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true });
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@cine.test`;
}

/**
 * The newest mail in the outbox sent to `to` that satisfies `matches`, as raw .eml text. Waits up to 30 s: a
 * receipt (its QR codes and calendar file drawn) waits behind the other suites' mails when CI runs them at once.
 */
export async function waitForMail(to: string, matches: (eml: string) => boolean, timeoutMs = 30_000): Promise<string> {
  const outbox = process.env.E2E_OUTBOX_DIR;
  if (!outbox) throw new Error('E2E_OUTBOX_DIR is not set');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {
      // the outbox folder appears with the first mail
    }
    for (const file of files) {
      const content = readFileSync(path.join(outbox, file), 'utf8');
      if (content.includes(to) && matches(content)) return content;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} arrived in ${outbox}`);
}

/**
 * Runs `action`, accepts the alert it opens at once, and returns the alert's
 * text once accepted. Accepting inside the handler matters: an alert left open blocks the
 * page, and an action still finishing (a click waiting for navigations) then
 * never returns.
 */
export async function alertFrom(page: Page, action: () => Promise<void>): Promise<string> {
  const message = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      // Answered once accepted, so what the page does after its alert has begun.
      void dialog.accept().then(() => resolve(dialog.message()));
    });
  });
  await action();
  return message;
}
