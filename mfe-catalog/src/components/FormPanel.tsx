import styled from 'styled-components';

/** A titled card holding one of the home page's small forms. */
export const FormPanel = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  padding: 1.5rem;
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 14px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }

  p {
    margin: 0;
    color: var(--cine-muted, #a6a6bb);
  }

  label {
    font-size: 0.9rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;
