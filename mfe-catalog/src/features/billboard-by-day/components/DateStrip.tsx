import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { StripDay } from '@cine/web-kit';

/** The next 7 days as links (`/cartelera?fecha=`), today first; the chosen one is the current page. */
export function DateStrip({ days, chosen }: { days: readonly StripDay[]; chosen: string }) {
  return (
    <Strip aria-label="Elegir día">
      <ul>
        {days.map((day) => (
          <li key={day.date}>
            <Link to={`/cartelera?fecha=${day.date}`} aria-current={day.date === chosen ? 'page' : undefined} replace>
              <span className="label">{day.label}</span>
              {day.label !== day.fullLabel && <span className="date">{day.fullLabel}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </Strip>
  );
}

const Strip = styled.nav`
  margin: 0 0 1.5rem;
  overflow-x: auto;

  ul {
    display: flex;
    gap: 0.5rem;
    margin: 0;
    padding: 0 0 0.5rem;
    list-style: none;
  }

  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    min-width: 6.5rem;
    min-height: 3.25rem;
    padding: 0.4rem 0.75rem;
    border-radius: var(--cine-radius, 10px);
    border: 1px solid var(--cine-border, #2e2e42);
    background: var(--cine-surface, #161622);
    color: var(--cine-text, #f3f3f7);
    text-decoration: none;
    white-space: nowrap;
  }

  a[aria-current='page'] {
    border-color: var(--cine-gold, #f5c518);
    background: var(--cine-surface-2, #20202f);
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }

  .date {
    font-size: 0.8rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;
