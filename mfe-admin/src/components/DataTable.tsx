import styled from 'styled-components';

/**
 * A table's card: a table wider than the screen scrolls sideways inside it, not the page. It has
 * no height of its own: a box of fixed height put a wide table's scroll bar (and the row actions
 * behind it) out of sight; the lists are paged instead.
 */
export const TableCard = styled.div.attrs({ tabIndex: 0 })`
  /* Its width (not the screen's) decides when a StackedTable turns into cards. */
  container-type: inline-size;
  max-width: 100%;
  overflow-x: auto;
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
    padding: 0.6rem 0.7rem;
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

  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }

  td.nowrap {
    white-space: nowrap;
  }
`;

/** Where a stacked table turns its rows into cards by default: narrower than this, as on a phone. */
const STACK_BELOW = '40rem';

/** `content` text for a column name (quotes and backslashes escaped). */
const cssText = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * A table whose rows become cards on a phone: the header row keeps only its sort buttons (the
 * other names are still read by screen readers) and each cell shows its column's name (`$labels`,
 * in column order) beside its value, so nothing scrolls sideways. In a wider card it is the plain
 * table; `$stackBelow` is the card's width under which its columns no longer fit (e.g. '60rem').
 */
export const StackedTable = styled(Table)<{ $labels: readonly string[]; $stackBelow?: string }>`
  @container (max-width: ${({ $stackBelow }) => $stackBelow ?? STACK_BELOW}) {
    display: block;

    /* The header row shrinks to its sort buttons; the other column names are read by screen readers only. */
    thead,
    tbody,
    tfoot,
    tr {
      display: block;
    }

    thead tr {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem 1rem;
      padding: 0.6rem 0.9rem;
    }

    thead th {
      position: static;
      display: block;
      padding: 0;
      border: none;
    }

    thead th:not(:has(button)) {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    tr {
      padding: 0.4rem 0;
      border-bottom: 1px solid var(--cine-border, #2e2e42);
    }

    tbody tr:last-child {
      border-bottom: none;
    }

    th[scope='row'],
    td {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.25rem 1rem;
      padding: 0.3rem 0.9rem;
      border-bottom: none;
      text-align: right;
    }

    td:empty {
      display: none;
    }

    td::before {
      color: var(--cine-muted, #a6a6bb);
      font-weight: 600;
      text-align: left;
    }

    ${({ $labels }) => $labels.map((label, index) => `td:nth-child(${index + 1})::before { content: ${cssText(label)}; }`).join('\n')}
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

/** A cell's second line, muted: a plan's description, a refusal's reason, a buyer's e-mail under their name. */
export const CellNote = styled.small`
  display: block;
  color: var(--cine-muted, #a6a6bb);
`;
