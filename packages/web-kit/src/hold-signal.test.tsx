import { act, render, screen } from '@testing-library/react';
import { announceHold, useHoldAnnounced } from './hold-signal';

function Header() {
  return <p>{useHoldAnnounced() ? 'con reserva' : 'sin reserva'}</p>;
}

afterEach(() => {
  jest.useRealTimers();
  window.localStorage.clear();
});

test('the header learns of seats held from the checkout, in this tab or a later one, until the hold lapses', () => {
  jest.useFakeTimers();
  const { unmount } = render(<Header />);
  expect(screen.getByText('sin reserva')).toBeInTheDocument();

  act(() => announceHold(new Date(Date.now() + 60_000).toISOString()));
  expect(screen.getByText('con reserva')).toBeInTheDocument();
  unmount();
  // Another page (or tab) of this browser reads it from storage.
  render(<Header />);
  expect(screen.getByText('con reserva')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(62_000));
  expect(screen.getByText('sin reserva')).toBeInTheDocument();
});

test('a cart without seats (paid, released) lets the header forget the hold', () => {
  render(<Header />);
  act(() => announceHold(new Date(Date.now() + 600_000).toISOString()));
  expect(screen.getByText('con reserva')).toBeInTheDocument();
  act(() => announceHold(null));
  expect(screen.getByText('sin reserva')).toBeInTheDocument();
  expect(window.localStorage.getItem('cine:held-until')).toBeNull();
});
