import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageContainer } from '../../../components/Page';

export function NotFoundPage() {
  return (
    <PageContainer>
      <Box>
        <Code aria-hidden="true">404</Code>
        <h1>Oops... esta página no está disponible.</h1>
        <ButtonLink to="/home">VOLVER A HOME</ButtonLink>
      </Box>
    </PageContainer>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1.25rem;
  padding: 4rem 1rem;
  text-align: center;

  h1 {
    margin: 0;
    font-size: clamp(1.3rem, 4vw, 1.9rem);
  }
`;

const Code = styled.span`
  font-size: clamp(4rem, 18vw, 8rem);
  font-weight: 900;
  line-height: 1;
  color: var(--cine-accent);
  text-shadow: 0 0 40px rgb(229 9 20 / 0.45);
`;
