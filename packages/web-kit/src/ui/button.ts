import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'danger' | 'link';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: var(--cine-accent, #e50914);
    color: #fff;
    &:hover:not(:disabled) {
      background: var(--cine-accent-hover, #b8070f);
    }
  `,
  secondary: css`
    background: transparent;
    color: inherit;
    border-color: var(--cine-border, #2e2e42);
    &:hover:not(:disabled) {
      border-color: var(--cine-muted, #a6a6bb);
    }
  `,
  danger: css`
    background: transparent;
    color: var(--cine-error, #ff4d4f);
    border-color: var(--cine-error, #ff4d4f);
    &:hover:not(:disabled) {
      background: rgb(255 77 79 / 0.12);
    }
  `,
  /** Reads as a link (e.g. 'Reintentar' inside a sentence), behaves as a button. */
  link: css`
    min-height: auto;
    padding: 0;
    background: none;
    color: var(--cine-gold, #f5c518);
    text-decoration: underline;
    font-weight: 500;
  `,
};

/**
 * The shell's button look, rebuilt from its CSS custom properties (fallbacks for the standalone page).
 * Exported as styles too, for a router link that looks like a button (the shell's ButtonLink).
 */
export const buttonStyles = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.6rem 1.2rem;
  border-radius: var(--cine-radius, 10px);
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  letter-spacing: 0.02em;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.15s ease,
    border-color 0.15s ease;

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
    outline-offset: 2px;
  }

  /* aria-disabled keeps a busy or unavailable button focusable, so keyboard focus is never lost. */
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }

  ${({ $variant = 'primary' }) => variants[$variant]}
`;

export const Button = styled.button<{ $variant?: Variant }>`
  ${buttonStyles}
`;

/** A round icon button (close, minus, plus); its text is its accessible name via aria-label. */
export const IconButton = styled.button`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 50%;
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);
  font: inherit;
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
    outline-offset: 2px;
  }

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;
