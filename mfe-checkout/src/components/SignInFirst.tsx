import { Link, useLocation } from 'react-router-dom';
import { signInUrl } from '@cine/web-kit';
import { EmptyState } from '@cine/web-kit/ui';

/** A guest on an account page: signing in comes back here. */
export function SignInFirst({ what }: { what: string }) {
  const { pathname, search } = useLocation();
  return (
    <EmptyState>
      Inicia sesión para ver {what}. <Link to={signInUrl('login', `${pathname}${search}`)}>Iniciar sesión</Link>
    </EmptyState>
  );
}
