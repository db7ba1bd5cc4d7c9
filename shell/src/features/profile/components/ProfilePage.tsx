import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink';
import { ErrorMessage } from '../../../components/FormMessage';
import { PageContainer, PageTitle } from '../../../components/Page';
import { Spinner } from '../../../components/Spinner';
import { SignInPrompt } from '../../../session/components/SignInPrompt';
import { useProfile } from '../hooks/useProfile';

export default function ProfilePage() {
  const profile = useProfile();

  if (profile.status === 'loading') return <Spinner label="Cargando perfil..." />;
  if (profile.status === 'anonymous') return <SignInPrompt />;
  if (profile.status === 'error') {
    return (
      <PageContainer>
        <ErrorMessage>{profile.message}</ErrorMessage>
      </PageContainer>
    );
  }

  const { user, comments } = profile;
  return (
    <PageContainer>
      <PageTitle>Mi perfil</PageTitle>
      <Layout>
        <Card aria-labelledby="profile-account">
          <h2 id="profile-account">Datos de la cuenta</h2>
          <dl>
            <dt>Usuario</dt>
            <dd>{user.username}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </dl>
          <ButtonLink to="/changepassword">Cambiar contraseña</ButtonLink>
        </Card>
        <Card aria-labelledby="profile-club">
          <h2 id="profile-club">Cine Club</h2>
          <Empty>Suma puntos en cada compra, canjéalos y suscríbete al Cine Pase.</Empty>
          <ButtonLink to="/club">Ir a Cine Club</ButtonLink>
        </Card>
        <Card aria-labelledby="profile-comments">
          <h2 id="profile-comments">Mis comentarios</h2>
          {comments.length === 0 ? (
            <Empty>No has comentado nada todavía</Empty>
          ) : (
            <CommentList>
              {comments.map((comment) => (
                <li key={comment.id}>
                  <h3>{comment.movie.Title}</h3>
                  <p>{comment.Text}</p>
                </li>
              ))}
            </CommentList>
          )}
        </Card>
      </Layout>
    </PageContainer>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 48rem) {
    grid-template-columns: minmax(16rem, 1fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const Card = styled.section`
  padding: 1.5rem;
  background: var(--cine-surface);
  border: 1px solid var(--cine-border);
  border-radius: 14px;

  h2 {
    margin: 0 0 1rem;
    font-size: 1.2rem;
  }

  dl {
    margin: 0 0 1.5rem;
  }

  dt {
    color: var(--cine-muted);
    font-size: 0.85rem;
  }

  dd {
    margin: 0 0 0.75rem;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
`;

const Empty = styled.p`
  margin: 0;
  color: var(--cine-muted);
`;

const CommentList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  li {
    padding: 0.9rem 1rem;
    background: var(--cine-surface-2);
    border-left: 3px solid var(--cine-accent);
    border-radius: 8px;
  }

  h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
    color: var(--cine-gold);
  }

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
