import styled from 'styled-components';
import type { Movie } from '../api/movies';
import type { CreateAccess } from '../../../hooks/useCreateAccess';
import { MovieForm } from './MovieForm';

interface CreateMovieGateProps {
  token: string;
  access: CreateAccess;
  onCreated?: (movie: Movie) => void;
}

/** The create form, shown only when the authorization flag is true (spec §6). */
export function CreateMovieGate({ token, access, onCreated }: CreateMovieGateProps) {
  if (access === 'checking') return <p role="status">Verificando permisos…</p>;
  if (access === 'denied') return <Denied>error no autorizado</Denied>;
  return <MovieForm token={token} onSaved={onCreated} />;
}

const Denied = styled.h3`
  margin: 0;
  color: var(--cine-error, #ff4d4f);
`;
