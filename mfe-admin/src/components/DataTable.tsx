import styled from 'styled-components';

/**
 * A table's card: on a narrow screen the table scrolls sideways inside it, not the page, and a
 * long list (a week of shows) scrolls inside it under its sticky header.
 */
export const TableCard = styled.div.attrs({ tabIndex: 0 })`
  max-width: 100%;
  max-height: 70vh;
  overflow: auto;
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
  }
`;

/** The admin tables: a header row, then one row per record. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;

  th,
  td {
    padding: 0.6rem 0.8rem;
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid var(--cine-border, #2e2e42);
  }

  th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: var(--cine-surface, #161622);
    color: var(--cine-muted, #a6a6bb);
    font-weight: 600;
    white-space: nowrap;
  }

  tbody tr:last-child td {
    border-bottom: none;
  }

  td.number {
    text-align: right;
    white-space: nowrap;
  }
`;

/** A row's small action button (trash, edit, detail): its accessible name comes from aria-label. */
export const RowButton = styled.button<{ $danger?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.5rem;
  min-height: 2.5rem;
  padding: 0 0.6rem;
  border: 1px solid ${({ $danger }) => ($danger ? 'var(--cine-error, #ff4d4f)' : 'var(--cine-border, #2e2e42)')};
  border-radius: 8px;
  background: transparent;
  color: ${({ $danger }) => ($danger ? 'var(--cine-error, #ff4d4f)' : 'inherit')};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: var(--cine-surface-2, #20202f);
  }

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
    outline-offset: 2px;
  }
`;

/** The sections' row of search box and buttons above a table. */
/** A list's filters: labelled fields side by side, wrapping on a phone (a `form` for a search, else a `group`). */
export const FilterFields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 0.5rem 0.75rem;

  label {
    display: inline-flex;
    flex-direction: column;
    gap: 0.25rem;
    font-weight: 600;
  }

  input,
  select {
    width: auto;
    max-width: 16rem;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;
