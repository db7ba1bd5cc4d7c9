import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/App';
import { AppRoutes } from '../app/routes';
import type { LoadRemotePage, RemoteSession } from '@cine/web-kit';

/** Stands in for the federated remotes: each page (or widget) renders its own name. */
export const fakeRemotePages: LoadRemotePage = async (remote, exposedModule) => ({
  default: (props: { session?: RemoteSession }) => (
    <p>
      {`remote ${remote}/${exposedModule}`} {props.session ? `para ${props.session.username}` : 'sin sesión'}
    </p>
  ),
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders the whole app at `route`; awaiting it lets lazily loaded remote pages settle inside act(). */
export async function renderApp(route: string, loadRemotePage: LoadRemotePage = fakeRemotePages) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(
      <MemoryRouter initialEntries={[route]}>
        <AppProviders loadRemotePage={loadRemotePage}>
          <AppRoutes />
          <LocationProbe />
        </AppProviders>
      </MemoryRouter>,
    );
  });
  return result as ReturnType<typeof render>;
}

export const currentLocation = (screen: { getByTestId: (id: string) => HTMLElement }) => screen.getByTestId('location').textContent;
