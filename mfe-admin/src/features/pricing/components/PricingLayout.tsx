import styled from 'styled-components';

/** A checkbox and its text, the whole line clickable. */
export const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.75rem;
`;

/** A group of checkboxes (weekdays, formats) with its legend and message. */
export const Fieldset = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin: 0;
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 8px;

  legend {
    font-weight: 600;
  }
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
