import { renderHook, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { useAsyncData } from './use-async-data';

// React's own startTransition, watched: which answers render as a transition.
jest.mock('react', () => {
  const react = jest.requireActual<typeof import('react')>('react');
  return { ...react, startTransition: jest.fn(react.startTransition) };
});

beforeEach(() => jest.mocked(startTransition).mockClear());

test('answers loading, then the data; a failure answers the message to show', async () => {
  const ok = renderHook(() => useAsyncData(() => Promise.resolve([1, 2]), 'numbers'));
  expect(ok.result.current.status).toBe('loading');
  await waitFor(() => expect(ok.result.current).toMatchObject({ status: 'ready', data: [1, 2] }));

  const failed = renderHook(() => useAsyncData(() => Promise.reject(new Error('sin red')), 'broken'));
  await waitFor(() => expect(failed.result.current).toMatchObject({ status: 'error', message: 'Hubo problemas. Intente nuevamente.' }));
});

test('with `transition` the answer renders as a transition (in slices); without it, at once', async () => {
  const sliced = renderHook(() => useAsyncData(() => Promise.resolve('cartelera'), 'sliced', { transition: true }));
  await waitFor(() => expect(sliced.result.current).toMatchObject({ status: 'ready', data: 'cartelera' }));
  expect(startTransition).toHaveBeenCalledTimes(1);

  jest.mocked(startTransition).mockClear();
  const urgent = renderHook(() => useAsyncData(() => Promise.resolve('carrito'), 'urgent'));
  await waitFor(() => expect(urgent.result.current).toMatchObject({ status: 'ready', data: 'carrito' }));
  expect(startTransition).not.toHaveBeenCalled();
});
