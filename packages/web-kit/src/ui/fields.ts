import styled, { css } from 'styled-components';

/** The look of the text inputs, text areas and selects below, for a control that cannot be one of them. */
export const fieldStyles = css`
  box-sizing: border-box;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  border-radius: var(--cine-radius, 10px);
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);
  font: inherit;

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
    outline-offset: 1px;
  }

  &:disabled {
    opacity: 0.55;
  }

  &[aria-invalid='true'] {
    border-color: var(--cine-error, #ff4d4f);
  }
`;

export const TextInput = styled.input`
  ${fieldStyles}
`;

export const TextArea = styled.textarea`
  ${fieldStyles}
  min-height: 5.5rem;
  resize: vertical;
`;

export const Select = styled.select`
  ${fieldStyles}
`;

export const NumberInput = styled.input.attrs({ type: 'number', inputMode: 'numeric' })`
  ${fieldStyles}
`;
