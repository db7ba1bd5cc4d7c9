import styled from 'styled-components';

export const PageContainer = styled.main`
  width: 100%;
  max-width: 72rem;
  margin: 0 auto;
  padding: 2rem 1rem 3rem;
`;

/** A centred card for the account forms (login, register, password). */
export const FormCard = styled.section`
  width: 100%;
  max-width: 26rem;
  margin: 1rem auto;
  padding: 2rem 1.5rem;
  background: var(--cine-surface);
  border: 1px solid var(--cine-border);
  border-radius: 14px;
  box-shadow: 0 18px 40px rgb(0 0 0 / 0.45);

  h1 {
    margin: 0 0 1.5rem;
    font-size: 1.6rem;
    text-align: center;
  }

  form {
    display: flex;
    flex-direction: column;
    gap: 1rem;
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 1.5rem;
  font-size: clamp(1.5rem, 4vw, 2rem);
  letter-spacing: 0.03em;
`;
