import { useEffect, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { ClapperArt, GlassesArt, PopcornArt, TicketArt } from './SlideArt';

interface Slide {
  title: string;
  text: string;
  /** Drawn with CSS only: no external images. */
  background: string;
  Art: ComponentType;
}

const SLIDES: Slide[] = [
  {
    title: 'Los mejores estrenos',
    text: 'Mira la cartelera y elige tu próxima función.',
    background: 'radial-gradient(circle at 20% 30%, #e5091455, transparent 55%), linear-gradient(120deg, #1b0a1f, #0b0b12)',
    Art: ClapperArt,
  },
  {
    title: 'Vive el 3D',
    text: 'Funciones en 2D y 3D en todas nuestras salas.',
    background: 'radial-gradient(circle at 80% 20%, #1e90ff55, transparent 55%), linear-gradient(120deg, #0a1530, #0b0b12)',
    Art: GlassesArt,
  },
  {
    title: 'Promos en la dulcería',
    text: 'Combos de pochoclos, nachos y bebidas para tu función.',
    background: 'radial-gradient(circle at 30% 70%, #f5c51855, transparent 55%), linear-gradient(120deg, #2a1c05, #0b0b12)',
    Art: PopcornArt,
  },
  {
    title: 'Compra tus entradas online',
    text: 'Elige día, horario y formato sin hacer filas.',
    background: 'radial-gradient(circle at 70% 70%, #3ddc8455, transparent 55%), linear-gradient(120deg, #062017, #0b0b12)',
    Art: TicketArt,
  },
];

const AUTOPLAY_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home page's four-slide banner; it advances on its own (unless the viewer asked for reduced
 * motion, is hovering or focusing it, or pressed its pause button: WCAG 2.2.2) and by its buttons.
 */
export function HeroCarousel() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [stopped, setStopped] = useState(() => prefersReducedMotion());

  useEffect(() => {
    if (paused || stopped) return undefined;
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % SLIDES.length), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, stopped]);

  const show = (index: number) => setCurrent((index + SLIDES.length) % SLIDES.length);

  return (
    <Frame
      aria-roledescription="carrusel"
      aria-label="Destacados"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {SLIDES.map((slide, index) => (
        <SlideView
          key={slide.title}
          aria-roledescription="diapositiva"
          aria-label={`${index + 1} de ${SLIDES.length}`}
          aria-hidden={index !== current}
          $active={index === current}
          style={{ background: slide.background }}
        >
          <span className="icon">
            <slide.Art />
          </span>
          <div>
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
          </div>
        </SlideView>
      ))}
      <Control type="button" $side="left" aria-label="Diapositiva anterior" onClick={() => show(current - 1)}>
        ‹
      </Control>
      <Control type="button" $side="right" aria-label="Diapositiva siguiente" onClick={() => show(current + 1)}>
        ›
      </Control>
      <PlayToggle type="button" aria-pressed={stopped} onClick={() => setStopped((value) => !value)}>
        {stopped ? 'Reanudar carrusel' : 'Pausar carrusel'}
      </PlayToggle>
      <Dots>
        {SLIDES.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`Ir a la diapositiva ${index + 1}`}
            aria-current={index === current}
            onClick={() => show(index)}
          />
        ))}
      </Dots>
    </Frame>
  );
}

const Frame = styled.section`
  position: relative;
  height: clamp(11rem, 30vw, 18rem);
  margin-bottom: 2rem;
  overflow: hidden;
  border-radius: 16px;
  border: 1px solid var(--cine-border, #2e2e42);
`;

const SlideView = styled.div<{ $active: boolean }>`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  gap: 1.5rem;
  padding: 1.5rem 4rem;
  opacity: ${({ $active }) => ($active ? 1 : 0)};
  visibility: ${({ $active }) => ($active ? 'visible' : 'hidden')};
  transition:
    opacity 0.6s ease,
    visibility 0.6s;

  .icon {
    flex: none;
    width: clamp(3.5rem, 10vw, 6.5rem);
    color: var(--cine-gold, #f5c518);
  }

  .icon svg {
    display: block;
    width: 100%;
  }

  h2 {
    margin: 0 0 0.4rem;
    font-size: clamp(1.3rem, 4vw, 2.2rem);
  }

  p {
    margin: 0;
    color: var(--cine-muted, #a6a6bb);
  }

  @media (max-width: 480px) {
    padding: 1rem 3rem;
    .icon {
      display: none;
    }
  }
`;

const Control = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 0.5rem;
  transform: translateY(-50%);
  width: 2.5rem;
  height: 2.5rem;
  border: none;
  border-radius: 50%;
  background: rgb(0 0 0 / 0.5);
  color: #fff;
  font-size: 1.6rem;
  cursor: pointer;
`;

const PlayToggle = styled.button`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  min-height: 2rem;
  padding: 0.25rem 0.7rem;
  border: 1px solid rgb(255 255 255 / 0.4);
  border-radius: 999px;
  background: rgb(0 0 0 / 0.6);
  color: #fff;
  font: inherit;
  font-size: 0.8rem;
  cursor: pointer;
`;

// Each dot is drawn 0.75rem wide inside a 1.5rem (24 px) button: a target a finger can hit.
const Dots = styled.div`
  position: absolute;
  bottom: 0.25rem;
  left: 50%;
  display: flex;
  transform: translateX(-50%);

  button {
    display: grid;
    place-items: center;
    width: 1.5rem;
    height: 1.5rem;
    padding: 0;
    border: none;
    background: none;
    cursor: pointer;
  }

  button::before {
    content: '';
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 50%;
    background: rgb(255 255 255 / 0.4);
  }

  button[aria-current='true']::before {
    background: var(--cine-gold, #f5c518);
  }
`;
