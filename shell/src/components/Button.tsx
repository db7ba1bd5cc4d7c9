import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';

type Variant = 'primary' | 'secondary' | 'link';

const base = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.6rem 1.4rem;
  border-radius: var(--cine-radius);
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  letter-spacing: 0.02em;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.15s ease,
    border-color 0.15s ease;

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }

  ${({ $variant = 'primary' }) => variants[$variant]}
`;

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: var(--cine-accent);
    color: #fff;
    &:hover:not(:disabled) {
      background: var(--cine-accent-hover);
    }
  `,
  secondary: css`
    background: transparent;
    color: var(--cine-text);
    border-color: var(--cine-border);
    &:hover:not(:disabled) {
      border-color: var(--cine-muted);
    }
  `,
  link: css`
    min-height: auto;
    padding: 0;
    background: none;
    color: var(--cine-gold);
    text-decoration: underline;
    font-weight: 500;
  `,
};

export const Button = styled.button<{ $variant?: Variant }>`
  ${base}
`;

export const ButtonLink = styled(Link)<{ $variant?: Variant }>`
  ${base}
`;
