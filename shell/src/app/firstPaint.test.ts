import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DESIGN_TOKENS } from './GlobalStyle';

/**
 * index.html paints the navbar's brand and "Cargando…" before any script runs (a phone's first
 * paint: Lighthouse's FCP), in the design's colours, until React renders the page into #root.
 */
const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

beforeAll(() => {
  document.documentElement.innerHTML = html.replace(/^<!doctype html>/i, '');
});

test('#root holds the brand and a status saying the page is loading, and a message without JavaScript', () => {
  const root = document.getElementById('root');
  expect(root?.querySelector('header nav')?.textContent).toBe('CINE');
  expect(root?.querySelector('header img')?.getAttribute('src')).toBe('/logo.svg');
  expect(root?.querySelector('[role="status"]')?.textContent).toBe('Cargando…');
  expect(root?.querySelector('noscript')?.textContent).toContain('Cine necesita JavaScript');
});

test('the first paint uses the design tokens of GlobalStyle (no flash of other colours when React takes over)', () => {
  const css = document.querySelector('head style')?.textContent ?? '';
  expect(css).toContain(`background: ${DESIGN_TOKENS['cine-bg']};`);
  expect(css).toContain(`color: ${DESIGN_TOKENS['cine-text']};`);
  expect(css).toContain(`border-bottom: 1px solid ${DESIGN_TOKENS['cine-border']};`);
  expect(css).toContain(`color: ${DESIGN_TOKENS['cine-muted']};`);
  expect(css).toContain(`font-family: ${DESIGN_TOKENS['cine-font']};`);
});
