import styled from 'styled-components';

/** Server errors: red, announced to screen readers. */
export const ErrorMessage = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: var(--cine-error, #ff4d4f);
  font-weight: 600;
`;

/** The admin forms' green success message. */
export const SuccessMessage = styled.p.attrs({ role: 'status' })`
  margin: 0;
  color: var(--cine-success, #3ddc84);
  font-weight: 600;
`;

/** A field's validation message, shown under it and tied to it with aria-describedby. */
export const FieldError = styled.small`
  color: var(--cine-error, #ff4d4f);
  font-weight: 600;
`;
