import styled from 'styled-components';

/** Red of error texts; a literal so the login page's red does not depend on the page's CSS variables. */
export const ERROR_RED = '#ff4d4f';

/** Server and validation errors: red, announced to screen readers. */
export const ErrorMessage = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: ${ERROR_RED};
  font-weight: 600;
`;

export const SuccessMessage = styled.p.attrs({ role: 'status' })`
  margin: 0;
  color: var(--cine-success);
  font-weight: 600;
`;
