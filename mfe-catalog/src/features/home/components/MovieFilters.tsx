import styled from 'styled-components';
import { GENRE_FILTERS, TYPE_FILTERS, type MovieFilter } from '../movieFilters';

interface MovieFiltersProps {
  value: MovieFilter;
  onChange: (filter: MovieFilter) => void;
}

export function MovieFilters({ value, onChange }: MovieFiltersProps) {
  return (
    <Bar>
      <label>
        Género
        <select value={value.genre} onChange={(event) => onChange({ ...value, genre: event.target.value })}>
          {GENRE_FILTERS.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tipo
        <select value={value.type} onChange={(event) => onChange({ ...value, type: event.target.value })}>
          {TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.5rem;
  margin-bottom: 1.25rem;

  label {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    color: var(--cine-muted, #a6a6bb);
  }

  select {
    min-height: 2.5rem;
    padding: 0.4rem 0.7rem;
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: var(--cine-radius, 10px);
    background: var(--cine-surface-2, #20202f);
    color: var(--cine-text, #f3f3f7);
    font: inherit;
  }
`;
