import { createGlobalStyle } from 'styled-components';

/**
 * Design tokens live in CSS custom properties so the remotes can use the same
 * cinema look without importing anything from the shell (index.html's first
 * paint, before any script, uses the same values).
 */
export const DESIGN_TOKENS = {
  'cine-bg': '#0b0b12',
  'cine-surface': '#161622',
  'cine-surface-2': '#20202f',
  'cine-border': '#2e2e42',
  'cine-text': '#f3f3f7',
  'cine-muted': '#a6a6bb',
  'cine-accent': '#e50914',
  'cine-accent-hover': '#b8070f',
  'cine-gold': '#f5c518',
  'cine-error': '#ff4d4f',
  'cine-success': '#3ddc84',
  'cine-radius': '10px',
  'cine-font': "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

export const GlobalStyle = createGlobalStyle`
  :root {
    ${Object.entries(DESIGN_TOKENS)
      .map(([name, value]) => `--${name}: ${value};`)
      .join('\n    ')}
    color-scheme: dark;
  }

  *, *::before, *::after {
    box-sizing: border-box;
  }

  html, body {
    margin: 0;
    min-height: 100%;
    background: var(--cine-bg);
    color: var(--cine-text);
    font-family: var(--cine-font);
    line-height: 1.5;
  }

  a {
    color: var(--cine-gold);
  }

  :focus-visible {
    outline: 2px solid var(--cine-gold);
    outline-offset: 2px;
  }

  img {
    max-width: 100%;
  }
`;
