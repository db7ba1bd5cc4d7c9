import styled from 'styled-components';

/** A checkbox and its text, the whole line clickable. */
export const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.75rem;
`;

/** One part of the section (types, cards, surcharges) under its heading. */
export const Part = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  h3 {
    margin: 0;
    font-size: 1.1rem;
  }
`;
