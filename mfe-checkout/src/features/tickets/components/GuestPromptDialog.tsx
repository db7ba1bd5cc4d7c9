import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Dialog } from '@cine/web-kit/ui';

/** What a guest sees on Comprar (spec §8). */
export function GuestPromptDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Debes iniciar sesion para Comprar" onClose={onClose}>
      <Text>
        <Link to="/login">Iniciar sesión</Link> o <Link to="/register">regístrate</Link> para comprar entradas.
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
