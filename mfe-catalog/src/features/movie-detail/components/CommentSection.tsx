import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, TextArea } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';
import { addComment, fetchMovieDetail } from '../../../movies/moviesApi';
import type { CommentView } from '@cine/contracts';

interface CommentSectionProps extends RemotePageProps {
  movieId: string;
  initialComments: CommentView[];
}

export function CommentSection({ movieId, initialComments, session }: CommentSectionProps) {
  const inputId = useId();
  const [comments, setComments] = useState(initialComments);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!session) return;
    const commentText = text.trim();
    if (!commentText) {
      window.alert('Escriba un comentario');
      return;
    }
    setSending(true);
    try {
      const created = await addComment(movieId, session.userId, commentText, session.token);
      window.alert('Comentario Creado');
      setText('');
      // The server's list is the truth (order, usernames); the new comment alone is the fallback.
      const refreshed = await fetchMovieDetail(movieId).catch(() => null);
      setComments(refreshed?.comments ?? ((current) => [...current, { ...created, user: { username: session.username } }]));
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Section aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Comentarios</h2>
      {comments.length === 0 ? (
        <Empty>NO HAY COMENTARIOS</Empty>
      ) : (
        <List>
          {comments.map((comment) => (
            <li key={comment.id}>
              <strong>{comment.user?.username ?? 'Usuario'}</strong>
              <p>{comment.Text}</p>
            </li>
          ))}
        </List>
      )}
      {session ? (
        <Form onSubmit={handleSubmit}>
          <label htmlFor={inputId}>Tu comentario</label>
          <TextArea id={inputId} value={text} onChange={(event) => setText(event.target.value)} />
          <div>
            <Button type="submit" disabled={sending}>
              Enviar
            </Button>
          </div>
        </Form>
      ) : (
        <SignIn>
          Para comentar necesitas una cuenta. <Link to="/login">Inicia sesión</Link>
        </SignIn>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;

  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: 1.25rem;
  text-align: center;
  font-weight: 700;
  letter-spacing: 0.05em;
  color: var(--cine-muted, #a6a6bb);
  background: var(--cine-surface, #161622);
  border-radius: 12px;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 0.9rem 1rem;
    background: var(--cine-surface, #161622);
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: 12px;
  }

  strong {
    color: var(--cine-gold, #f5c518);
  }

  p {
    margin: 0.3rem 0 0;
    overflow-wrap: anywhere;
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  label {
    font-size: 0.9rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;

const SignIn = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;
