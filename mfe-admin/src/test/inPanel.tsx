import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

/** The URL's query, shown so a test reads what the panel keeps in it. */
function Search() {
  return <p data-testid="url">{useLocation().search}</p>;
}

/** Renders a section as the panel does, inside the shell's router at `url` (its lists keep their state in the URL). */
export function renderInPanel(ui: ReactElement, url = '/admin') {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[url]}>
        {children}
        <Search />
      </MemoryRouter>
    ),
  });
}

/** The URL's query now, e.g. '?seccion=usuarios&sort=email'. */
export const currentSearch = () => screen.getByTestId('url').textContent;
