// Line drawings for the home slides: inline SVG so the banner needs no external images or emoji fonts.
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function ClapperArt() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <rect x="8" y="24" width="48" height="32" rx="3" {...stroke} />
      <path d="M8 24l44-12 3 10M18 21l6 -9M30 18l6 -9M42 15l6 -9" {...stroke} />
    </svg>
  );
}

export function GlassesArt() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <rect x="6" y="24" width="22" height="16" rx="4" {...stroke} />
      <rect x="36" y="24" width="22" height="16" rx="4" {...stroke} />
      <path d="M28 30h8M6 28L2 20M58 28l4-8" {...stroke} />
    </svg>
  );
}

export function PopcornArt() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <path d="M16 26h32l-5 32H21z M26 26l2 32 M38 26l-2 32" {...stroke} />
      <path d="M16 26a6 6 0 0 1 8-8a7 7 0 0 1 12-2a7 7 0 0 1 12 4a6 6 0 0 1 0 6" {...stroke} />
    </svg>
  );
}

export function TicketArt() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <path d="M6 18h52v8a6 6 0 0 0 0 12v8H6v-8a6 6 0 0 0 0-12z" {...stroke} />
      <path d="M40 18v28" {...stroke} strokeDasharray="3 4" />
    </svg>
  );
}
