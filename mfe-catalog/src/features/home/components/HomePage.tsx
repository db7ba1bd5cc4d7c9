import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { EmptyState, Page, SectionTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

/** Anchor the shell's 'Próximos estrenos' entry scrolls to. */
export const PREMIERES_ANCHOR_ID = 'proximos-estrenos';

export default function HomePage(_props: RemotePageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchParams.get('search')?.trim();

  return (
    <Page>
      {search ? (
        <Section aria-labelledby="search-results">
          <SectionTitle id="search-results">Resultados de la búsqueda</SectionTitle>
          <NotFound>
            <p>
              La película «{search}» no está disponible en este momento. Revisa que el título esté bien escrito o
              vuelve a intentarlo más tarde.
            </p>
            <button type="button" onClick={() => navigate('/home')}>
              Volver
            </button>
          </NotFound>
        </Section>
      ) : (
        <>
          <Section aria-labelledby="en-cartelera">
            <SectionTitle id="en-cartelera">EN CARTELERA</SectionTitle>
            <EmptyState>Todavía no hay películas en cartelera.</EmptyState>
          </Section>
          <Section id={PREMIERES_ANCHOR_ID} aria-labelledby="proximos-estrenos-titulo">
            <SectionTitle id="proximos-estrenos-titulo">PRÓXIMOS ESTRENOS</SectionTitle>
            <EmptyState>Todavía no hay estrenos anunciados.</EmptyState>
          </Section>
        </>
      )}
    </Page>
  );
}

const Section = styled.section`
  margin-bottom: 2.5rem;
  scroll-margin-top: 5rem;
`;

const NotFound = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 2rem 1rem;
  text-align: center;
  background: var(--cine-surface, #161622);
  border-radius: 12px;

  p {
    margin: 0;
    max-width: 36rem;
  }

  button {
    min-height: 2.75rem;
    padding: 0.6rem 1.6rem;
    border: none;
    border-radius: var(--cine-radius, 10px);
    background: var(--cine-accent, #e50914);
    color: #fff;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;
