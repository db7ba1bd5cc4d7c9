import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { purchasePlaceUrl, signInUrl, type PurchasePlace } from '@cine/web-kit';
import { Dialog } from '@cine/web-kit/ui';

/**
 * What a guest sees on Comprar (spec §8). Signing in or registering from here comes back to `place`:
 * the same movie with the same day, time and format, and the quantity dialog open.
 */
export function GuestPromptDialog({ place, onClose }: { place: PurchasePlace; onClose: () => void }) {
  const returnTo = purchasePlaceUrl({ ...place, buying: true });
  return (
    <Dialog title="Debes iniciar sesion para Comprar" onClose={onClose}>
      <Text>
        <Link to={signInUrl('login', returnTo)}>Iniciar sesión</Link> o <Link to={signInUrl('register', returnTo)}>regístrate</Link> para
        comprar entradas. Después vuelves a esta función para seguir con tu compra.
      </Text>
    </Dialog>
  );
}

const Text = styled.p`
  margin: 0;

  a {
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }
`;
