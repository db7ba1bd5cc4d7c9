import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Page, PageTitle } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';
import { CandySection } from '../features/candy/components/CandySection';
import { CommentsSection } from '../features/comments/components/CommentsSection';
import { FeedbackTable } from '../features/feedback/components/FeedbackTable';
import { GiftCardsSection } from '../features/gift-cards/components/GiftCardsSection';
import { MoviesSection } from '../features/movies/components/MoviesSection';
import { AdminUserMenu } from '../features/panel/components/AdminUserMenu';
import { OrderPage } from '../features/orders/components/OrderPage';
import { OrdersSection } from '../features/orders/components/OrdersSection';
import { PricingSection } from '../features/pricing/components/PricingSection';
import { PromotionsSection } from '../features/promotions/components/PromotionsSection';
import { cinemaScopedSections, sectionOf, sectionsFor, sectionSlugs, type AdminSection } from '../features/panel/sections';
import { CinemaScopeProvider, CINEMA_PARAM, useCinemaScope } from '../hooks/useCinemaScope';
import { CinemaSelector } from '../features/cinemas/components/CinemaSelector';
import { CinemasSection } from '../features/cinemas/components/CinemasSection';
import { ORDER_PARAM } from '../components/OrderLink';
import { SalesSection } from '../features/sales/components/SalesSection';
import { ShowsSection } from '../features/shows/components/ShowsSection';
import { StatusSection } from '../features/status/components/StatusSection';
import { UsersSection } from '../features/users/components/UsersSection';

// Issue 40: the presales section is a chunk of its own, fetched when opened.
const PresalesSection = lazy(() => import('../features/presales/components/PresalesSection'));
// Issue 41: so is Cine Club's.
const ClubSection = lazy(() => import('../features/club/components/ClubSection'));

export default function AdminPanel({ session, signOut }: RemotePageProps) {
  // The URL keeps the section (and a list's page, sort and filters): a reload or a shared link opens the same view.
  const [params, setParams] = useSearchParams();
  const orderId = params.get(ORDER_PARAM);
  // An order's URL opens its page, whatever section it names.
  const role = session?.role ?? 'user';
  const section: AdminSection = orderId ? 'Órdenes' : sectionOf(params.get('seccion'), role);
  // A section's own filters stay behind; the chosen cinema goes with every section.
  const setSection = (name: AdminSection) => {
    const cinema = params.get(CINEMA_PARAM);
    setParams({ seccion: sectionSlugs[name], ...(cinema ? { [CINEMA_PARAM]: cinema } : {}) });
  };
  const openOrder = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(ORDER_PARAM, id);
      else next.delete(ORDER_PARAM);
      return next;
    });
  // The spec renders nothing for anyone but an admin (and, issue 38, a cinema's manager, who sees their sections);
  // the shell already checks, this keeps the page honest alone.
  if (!session || (role !== 'admin' && role !== 'manager')) return null;
  const sections = sectionsFor(role);

  return (
    <CinemaScopeProvider role={role} token={session.token}>
      <WidePage>
        <Header>
          <PageTitle>{role === 'manager' ? 'Panel del cine' : 'Panel de Admin'}</PageTitle>
          <AdminUserMenu signOut={signOut} />
        </Header>
        <Layout>
          <Sidebar aria-label="Secciones del panel">
            <ul>
              {sections.map((name) => (
                <li key={name}>
                  <button type="button" aria-current={name === section ? 'true' : undefined} onClick={() => setSection(name)}>
                    {name}
                  </button>
                </li>
              ))}
            </ul>
          </Sidebar>
          <section aria-labelledby="admin-section-title">
            <SectionHeading id="admin-section-title">{section}</SectionHeading>
            {section === 'Órdenes' && orderId ? (
              <OrderPage token={session.token} orderId={orderId} onBack={() => openOrder(null)} />
            ) : cinemaScopedSections.includes(section) ? (
              <>
                <CinemaSelector />
                <ScopedContent section={section} token={session.token} userId={session.userId} onOpenOrder={openOrder} />
              </>
            ) : (
              <SectionContent section={section} token={session.token} userId={session.userId} onOpenOrder={openOrder} cinemaId="" />
            )}
          </section>
        </Layout>
      </WidePage>
    </CinemaScopeProvider>
  );
}

type SectionProps = { section: AdminSection; token: string; userId: string; onOpenOrder: (orderId: string) => void };

/**
 * A section of one cinema (or all): shown once the cinemas are known, so a manager's first request already names
 * theirs. When they cannot be read an admin still sees every cinema's; a manager sees the selector's error.
 */
function ScopedContent(props: SectionProps) {
  const { status, scope, cinemaId, selectable } = useCinemaScope();
  if (status === 'loading') return null;
  if (!scope.all && (status === 'error' || selectable.length === 0)) return null;
  return <SectionContent {...props} cinemaId={cinemaId} />;
}

function SectionContent({ section, token, userId, onOpenOrder, cinemaId }: SectionProps & { cinemaId: string }) {
  switch (section) {
    case 'Peliculas':
      return <MoviesSection token={token} />;
    case 'Funciones de peliculas':
      return <ShowsSection token={token} cinemaId={cinemaId} />;
    case 'Usuarios Registrados':
      return <UsersSection token={token} currentUserId={userId} />;
    case 'Ventas de peliculas':
      return <SalesSection token={token} cinemaId={cinemaId} />;
    case 'Órdenes':
      return <OrdersSection token={token} cinemaId={cinemaId} onOpen={onOpenOrder} />;
    case 'Tarifas':
      return <PricingSection token={token} />;
    case 'Cines':
      return <CinemasSection token={token} cinemaId={cinemaId} />;
    case 'Candy':
      return <CandySection token={token} />;
    case 'Promociones':
      return <PromotionsSection token={token} />;
    case 'Preventas':
      return (
        <Suspense fallback={<p role="status">Cargando preventas…</p>}>
          <PresalesSection token={token} />
        </Suspense>
      );
    case 'Tarjetas regalo':
      return <GiftCardsSection token={token} />;
    case 'Cine Club':
      return (
        <Suspense fallback={<p role="status">Cargando Cine Club…</p>}>
          <ClubSection token={token} />
        </Suspense>
      );
    case 'Administrar comentarios':
      return <CommentsSection token={token} />;
    case 'Feedback':
      return <FeedbackTable token={token} />;
    case 'Estado':
      return <StatusSection token={token} />;
  }
}

/** The back office uses a wide screen's width: its tables (Funciones, Ventas) need it more than a page of text does. */
const WidePage = styled(Page)`
  max-width: 90rem;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem 1.5rem;
  margin-bottom: 1rem;

  h1 {
    margin: 0;
  }
`;

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 48rem) {
    grid-template-columns: 15rem minmax(0, 1fr);
    align-items: start;
  }
`;

const Sidebar = styled.nav`
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;
  padding: 0.5rem;

  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }

  button {
    display: block;
    width: 100%;
    padding: 0.65rem 0.8rem;
    border: none;
    border-radius: 8px;
    background: none;
    color: inherit;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }

  button:hover {
    background: var(--cine-surface-2, #20202f);
  }

  button[aria-current='true'] {
    background: var(--cine-accent, #e50914);
    color: #fff;
    font-weight: 600;
  }
`;

const SectionHeading = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.3rem;
`;
