import styled from 'styled-components';

/**
 * A group of checkboxes or radios under its legend, in a bordered box: one under the other, or side by side and
 * wrapping with `$row` (formats, weekdays). A message about the group (its error) goes inside, after the choices.
 */
export const ChoiceGroup = styled.fieldset<{ $row?: boolean }>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  flex-wrap: ${({ $row }) => ($row ? 'wrap' : 'nowrap')};
  gap: ${({ $row }) => ($row ? '0.25rem 1rem' : '0.5rem')};
  margin: 0;
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: var(--cine-radius, 10px);

  legend {
    padding: 0 0.3rem;
    font-weight: 600;
  }
`;
