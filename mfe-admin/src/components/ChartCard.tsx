import type { ReactNode } from 'react';
import styled from 'styled-components';

/** One chart of a back-office section (Ventas, Estado): a titled card, with a note under the chart when given. */
export function ChartCard({ title, footer, children }: { title: string; footer?: string; children: ReactNode }) {
  return (
    <Card aria-label={title}>
      <h3>{title}</h3>
      {children}
      {footer && <footer>{footer}</footer>}
    </Card>
  );
}

/** The section's charts: one column on a phone, two on a wide screen. */
export const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  margin: 1.5rem 0;

  @media (min-width: 64rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem;
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;

  h3 {
    margin: 0;
    font-size: 1.05rem;
  }

  footer {
    color: var(--cine-muted, #a6a6bb);
    font-size: 0.85rem;
  }
`;
