import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useScrollRestoration } from './useScrollRestoration';

let navigate: ReturnType<typeof useNavigate>;
let pathname = '';

function Page() {
  useScrollRestoration();
  navigate = useNavigate();
  pathname = useLocation().pathname;
  return <p>página</p>;
}

/** jsdom does not scroll: scrollTo records where the page was sent, and scroll events say where it is. */
function scrollTo(top: number) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  window.scrollTo = jest.fn((_x: number, y: number) => scrollTo(y)) as unknown as typeof window.scrollTo;
});

test('a new page starts at the top; back returns to where the page was; a change of the query alone keeps the position', async () => {
  render(
    <MemoryRouter initialEntries={['/about']}>
      <Routes>
        <Route path="*" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
  act(() => scrollTo(1800));

  await act(async () => navigate('/compra/abc'));
  expect(window.scrollY).toBe(0);

  act(() => scrollTo(400));
  await act(async () => navigate('/compra/abc?dia=2'));
  expect(window.scrollY).toBe(400);

  await act(async () => navigate(-2));
  expect(pathname).toBe('/about');
  expect(window.scrollY).toBe(1800);
});
