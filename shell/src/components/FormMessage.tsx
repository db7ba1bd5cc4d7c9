import styled from 'styled-components';

/** Server and validation errors: red, announced to screen readers. */
export const ErrorMessage = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: var(--cine-error);
  font-weight: 600;
`;

export const SuccessMessage = styled.p.attrs({ role: 'status' })`
  margin: 0;
  color: var(--cine-success);
  font-weight: 600;
`;
