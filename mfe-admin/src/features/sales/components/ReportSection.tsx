import type { ReactNode } from 'react';
import styled from 'styled-components';
import { TableCard } from '../../../components/DataTable';

/** One report of Ventas: a titled section (its `id` names the heading) whose tables scroll past 24rem. */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Report aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </Report>
  );
}

const Report = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 1.5rem 0;

  h3,
  h4 {
    margin: 0;
    font-size: 1.05rem;
  }

  h4 {
    font-size: 0.95rem;
  }

  ${TableCard} {
    max-height: 24rem;
  }
`;
