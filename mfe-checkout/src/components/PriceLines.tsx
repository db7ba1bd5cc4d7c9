import { formatMoney } from '@cine/web-kit';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A list of what is paid, one PriceLine each. */
export const PriceLines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.3rem 0;
    border-bottom: 1px dashed var(--cine-border, #2e2e42);
  }

  li span:last-child {
    white-space: nowrap;
  }
`;

/** One line of PriceLines: what is paid, then its amount in the cinema's money, kept on one line. */
export function PriceLine({ label, cents, className }: { label: ReactNode; cents: number; className?: string }) {
  return (
    <li className={className}>
      <span>{label}</span>
      <span>{formatMoney(cents)}</span>
    </li>
  );
}
