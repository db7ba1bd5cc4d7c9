import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Page } from '@cine/web-kit/ui';
import { VisuallyHidden } from '../components/Skeleton';
import type { RemotePageProps } from '@cine/web-kit';
import { Chatbot } from '../features/chatbot/components/Chatbot';
import { FeedbackForm } from '../features/feedback/components/FeedbackForm';
import { NewsletterForm } from '../features/newsletter/components/NewsletterForm';
import { useCardsPerView } from '../features/home/hooks/useCardsPerView';
import { HeroCarousel } from '../features/home/components/HeroCarousel';
import { MovieListings } from '../features/home/components/MovieListings';

// Search results come with a search only: the home's first view downloads none of their code.
const SearchResults = lazy(() => import('../features/home/components/SearchResults').then((module) => ({ default: module.SearchResults })));

export { PREMIERES_ANCHOR_ID } from '../features/home/components/MovieListings';

export default function HomePage({ session }: RemotePageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const cardsPerView = useCardsPerView();
  const search = searchParams.get('search')?.trim();

  return (
    <Page>
      <VisuallyHidden as="h1">Cine: cartelera y próximos estrenos</VisuallyHidden>
      <HeroCarousel />
      <ByDayLink to="/cartelera">
        <strong>Cartelera por día</strong>
        <span>Todas las películas y sus horarios de hoy y de los próximos 7 días</span>
      </ByDayLink>
      {search ? (
        <Suspense fallback={<VisuallyHidden role="status">Buscando películas...</VisuallyHidden>}>
          <SearchResults key={search} title={search} onBack={() => navigate('/home')} />
        </Suspense>
      ) : (
        <MovieListings cardsPerView={cardsPerView} />
      )}
      <Forms>
        <NewsletterForm />
        <FeedbackForm session={session} />
      </Forms>
      <Chatbot />
    </Page>
  );
}

const ByDayLink = styled(Link)`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.25rem 0.75rem;
  margin: -1rem 0 2rem;
  padding: 0.9rem 1.1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-gold, #f5c518);
  background: var(--cine-surface, #161622);
  color: var(--cine-gold, #f5c518);
  text-decoration: none;

  span {
    color: var(--cine-text, #f3f3f7);
  }
`;

const Forms = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  gap: 1.5rem;
  margin-top: 1rem;
`;
