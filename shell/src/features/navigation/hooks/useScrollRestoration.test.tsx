import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { useScrollRestoration } from './useScrollRestoration';

let navigate: ReturnType<typeof useNavigate>;

function Page() {
  useScrollRestoration();
  navigate = useNavigate();
  return <p>página</p>;
}

/** jsdom does not scroll: scrollTo records where the page was sent, and scroll events say where it is. */
function scrollTo(top: number) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => scrollTo(y)) as typeof window.scrollTo);
});
afterEach(() => jest.restoreAllMocks());

test('a new page starts at the top; back returns to where the page was; a change of the query alone keeps the position', async () => {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/about'] });
  render(<RouterProvider router={router} />);
  act(() => scrollTo(1800));

  await act(async () => navigate('/compra/abc'));
  expect(window.scrollY).toBe(0);

  act(() => scrollTo(400));
  await act(async () => navigate('/compra/abc?dia=2'));
  expect(window.scrollY).toBe(400);

  await act(async () => navigate(-2));
  expect(router.state.location.pathname).toBe('/about');
  expect(window.scrollY).toBe(1800);
});
