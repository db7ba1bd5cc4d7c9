import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary';

// The shell's button look, rebuilt from its CSS variables (fallbacks keep the standalone page readable).
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
  transition:
    background 0.15s ease,
    border-color 0.15s ease;

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }

  ${({ $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: var(--cine-accent, #e50914);
          color: #fff;
          &:hover:not(:disabled) {
            background: var(--cine-accent-hover, #ff2a35);
          }
        `
      : css`
          background: transparent;
          color: var(--cine-text, #f3f3f7);
          border-color: var(--cine-border, #2e2e42);
          &:hover:not(:disabled) {
            border-color: var(--cine-muted, #a6a6bb);
          }
        `}
`;

export const TextInput = styled.input`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.55rem 0.8rem;
  border-radius: var(--cine-radius, 10px);
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);
  font: inherit;

  &:focus {
    border-color: var(--cine-gold, #f5c518);
  }
`;

export const TextArea = styled.textarea`
  width: 100%;
  min-height: 5.5rem;
  padding: 0.55rem 0.8rem;
  border-radius: var(--cine-radius, 10px);
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);
  font: inherit;
  resize: vertical;

  &:focus {
    border-color: var(--cine-gold, #f5c518);
  }
`;
