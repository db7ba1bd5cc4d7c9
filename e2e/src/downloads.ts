import { request } from 'node:http';
import type { Page } from 'playwright-core';

/** One file as it crossed the network. */
export interface Download {
  path: string;
  /** Bytes received: the compressed body plus the response headers, as Chromium counts them. */
  bytes: number;
}

/**
 * Starts recording the JavaScript `page` downloads; the returned function lists it so far.
 * Chromium's own count (DevTools protocol, Network.loadingFinished.encodedDataLength), so the
 * figures are what a visitor's connection carries, compressed or not.
 */
export async function recordScriptDownloads(page: Page): Promise<() => Download[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const downloads: Download[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, new URL(event.response.url).pathname);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const path = scripts.get(event.requestId);
    if (path !== undefined) downloads.push({ path, bytes: event.encodedDataLength });
  });
  return () => [...downloads];
}

/** The body of `url` as sent to a browser that accepts brotli: its byte count and Content-Encoding. */
export async function compressedBody(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

export const totalBytes = (downloads: Download[]): number => downloads.reduce((sum, download) => sum + download.bytes, 0);

/** A table for the CI log: each file, largest first, then the total. */
export function downloadTable(title: string, downloads: Download[]): string {
  const rows = [...downloads].sort((a, b) => b.bytes - a.bytes).map(({ path, bytes }) => `${kb(bytes).padStart(9)}  ${path}`);
  return [`${title}`, ...rows, `${kb(totalBytes(downloads)).padStart(9)}  total (${downloads.length} files)`, ''].join('\n');
}

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
