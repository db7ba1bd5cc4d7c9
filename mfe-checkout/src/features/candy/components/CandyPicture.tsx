import { useState } from 'react';
import styled from 'styled-components';

/** The candy's picture, or its name on a plain tile when the image cannot load. */
export function CandyPicture({ name, src }: { name: string; src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <Fallback role="img" aria-label={name}>
        {name}
      </Fallback>
    );
  }
  return <Picture src={src} alt={name} loading="lazy" onError={() => setFailed(true)} />;
}

const Picture = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: 10px;
  background: var(--cine-surface-2, #20202f);
`;

const Fallback = styled.div`
  display: grid;
  place-items: center;
  width: 100%;
  aspect-ratio: 4 / 3;
  padding: 0.5rem;
  border-radius: 10px;
  background: linear-gradient(160deg, #3a1020, #101028);
  font-weight: 700;
  text-align: center;
`;
