import { useState } from 'react';
import styled from 'styled-components';

/** The YouTube trailer; offline, without a link or when the frame fails, a text says so instead. */
export function TrailerFrame({ title, src }: { title: string; src: string }) {
  const [failed, setFailed] = useState(false);
  const available = Boolean(src) && !failed && navigator.onLine !== false;

  if (!available) return <Fallback>El tráiler no está disponible en este momento.</Fallback>;
  return (
    <>
      <Frame>
        <iframe
          src={src}
          title={`Tráiler de ${title}`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          loading="lazy"
          onError={() => setFailed(true)}
        />
      </Frame>
      <Hint>
        ¿No se ve el tráiler?{' '}
        <a href={src} target="_blank" rel="noreferrer">
          Ábrelo en YouTube
        </a>
        .
      </Hint>
    </>
  );
}

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: 12px;
  background: #000;

  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Fallback = styled.p`
  display: grid;
  place-items: center;
  aspect-ratio: 16 / 9;
  margin: 0;
  padding: 1rem;
  text-align: center;
  border-radius: 12px;
  background: var(--cine-surface, #161622);
  color: var(--cine-muted, #a6a6bb);
`;

const Hint = styled.p`
  margin: 0.5rem 0 0;
  font-size: 0.85rem;
  color: var(--cine-muted, #a6a6bb);
`;
