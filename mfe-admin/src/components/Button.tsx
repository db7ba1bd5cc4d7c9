import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'danger';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: var(--cine-accent, #e50914);
    color: #fff;
    &:hover:not(:disabled) {
      background: var(--cine-accent-hover, #ff2a35);
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
};

/** The shell's button look, rebuilt from its CSS custom properties. */
export const Button = styled.button<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.6rem 1.4rem;
  border-radius: var(--cine-radius, 10px);
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  letter-spacing: 0.02em;
  cursor: pointer;
  transition: background 0.15s ease, border-color 0.15s ease;

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }

  ${({ $variant = 'primary' }) => variants[$variant]}
`;
