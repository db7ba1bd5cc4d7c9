import { useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, Page } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';

/** /CandyModal: the spec's demo of the promos modal, with placeholder text; it opens on arrival. */
export default function CandyModalPage(_props: RemotePageProps) {
  const [open, setOpen] = useState(true);
  return (
    <Page>
      <Button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Ver promos
      </Button>
      {open && (
        <Dialog title="¡Disfruta de tu funcion con estas promos!" onClose={() => setOpen(false)}>
          <Placeholder>
            Aquí verás los combos de la dulcería: pochoclos, bebidas y snacks para acompañar tu función. Muy pronto más promos.
          </Placeholder>
        </Dialog>
      )}
    </Page>
  );
}

const Placeholder = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;
