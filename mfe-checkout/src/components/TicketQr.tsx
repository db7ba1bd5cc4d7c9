import { useEffect, useState } from 'react';
import styled from 'styled-components';

type Drawing = { status: 'drawing' } | { status: 'drawn'; svg: string } | { status: 'failed' };

/** The QR library is a chunk of its own, downloaded the first time a QR is drawn (not with the checkout's other pages). */
const loadQrCode = () => import('qrcode');

/**
 * A ticket's QR, drawn from its signed token as an SVG image: sharp at any size, on screen and on paper.
 * Large (up to 18rem) and on white with a quiet zone, so a phone at the door reads it from the screen.
 */
export function TicketQr({ token, label }: { token: string; label: string }) {
  const [drawing, setDrawing] = useState<Drawing>({ status: 'drawing' });

  useEffect(() => {
    let current = true;
    loadQrCode()
      .then((qrcode) => qrcode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 3 }))
      .then(
        (svg) => current && setDrawing({ status: 'drawn', svg }),
        () => current && setDrawing({ status: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [token]);

  if (drawing.status === 'drawing') return <Frame role="status">Dibujando el código QR...</Frame>;
  if (drawing.status === 'failed') return <Frame role="alert">No se pudo dibujar el código QR: muestra el código de la entrada.</Frame>;
  return <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing.svg)}`} alt={label} />;
}

const size = 'min(100%, 18rem)';

const Image = styled.img`
  display: block;
  width: ${size};
  aspect-ratio: 1;
  background: #fff;
  border-radius: 8px;
  image-rendering: pixelated;
`;

const Frame = styled.p`
  display: grid;
  place-items: center;
  width: ${size};
  aspect-ratio: 1;
  margin: 0;
  padding: 1rem;
  border-radius: 8px;
  background: #fff;
  color: #222;
  text-align: center;
`;
