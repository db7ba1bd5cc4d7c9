import styled from 'styled-components';

/** A list of what is paid, one `<li>` per line: its name, then its price (`<span>`s), kept on one line. */
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
