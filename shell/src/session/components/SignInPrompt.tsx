import styled from 'styled-components';
import { ButtonLink } from '../../components/ButtonLink';
import { PageContainer } from '../../components/Page';

/** Shown by account pages when there is no signed-in user. */
export function SignInPrompt() {
  return (
    <PageContainer>
      <Box>
        <p>Para ver esta página necesitas una cuenta.</p>
        <ButtonLink to="/login">Inicia Sesion</ButtonLink>
      </Box>
    </PageContainer>
  );
}

const Box = styled.section`
  max-width: 26rem;
  margin: 2rem auto;
  padding: 2rem;
  text-align: center;
  background: var(--cine-surface);
  border: 1px solid var(--cine-border);
  border-radius: 14px;

  p {
    margin: 0 0 1.25rem;
  }
`;
