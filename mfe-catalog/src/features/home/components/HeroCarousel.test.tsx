import { act, fireEvent, render, screen } from '@testing-library/react';
import { HeroCarousel } from './HeroCarousel';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const current = () =>
  screen.getAllByRole('button', { name: /Ir a la diapositiva/ }).findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;

test('advances every six seconds and wraps from the fourth slide to the first', () => {
  render(<HeroCarousel />);
  expect(current()).toBe(1);
  act(() => jest.advanceTimersByTime(6000));
  expect(current()).toBe(2);
  act(() => jest.advanceTimersByTime(3 * 6000));
  expect(current()).toBe(1);
});

test('stays put while the pointer or keyboard focus is on it', () => {
  render(<HeroCarousel />);
  fireEvent.mouseEnter(screen.getByRole('region', { name: 'Destacados' }));
  act(() => jest.advanceTimersByTime(12000));
  expect(current()).toBe(1);
});

test('only the current slide is exposed to assistive technology', () => {
  render(<HeroCarousel />);
  expect(screen.getByRole('heading', { name: 'Los mejores estrenos' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Vive el 3D' })).not.toBeInTheDocument();
});

test('a pause control stops the rotation for good and resumes it (WCAG 2.2.2)', () => {
  render(<HeroCarousel />);
  const toggle = screen.getByRole('button', { name: 'Pausar carrusel' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  fireEvent.click(toggle);
  // Leaving the carousel does not restart it: only the button does.
  fireEvent.blur(toggle);
  act(() => jest.advanceTimersByTime(30000));
  expect(current()).toBe(1);
  const resume = screen.getByRole('button', { name: 'Reanudar carrusel' });
  expect(resume).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(resume);
  fireEvent.blur(resume);
  act(() => jest.advanceTimersByTime(6000));
  expect(current()).toBe(2);
});
