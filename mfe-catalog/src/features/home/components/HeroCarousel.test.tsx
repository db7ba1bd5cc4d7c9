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
