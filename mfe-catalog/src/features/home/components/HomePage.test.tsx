import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import HomePage, { PREMIERES_ANCHOR_ID } from './HomePage';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderHome(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/home" element={<HomePage session={null} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

test('shows the billboard and premieres sections, the latter as the navbar scroll target', () => {
  renderHome('/home');
  expect(screen.getByRole('heading', { name: 'EN CARTELERA' })).toBeInTheDocument();
  const premieres = screen.getByRole('heading', { name: 'PRÓXIMOS ESTRENOS' });
  expect(premieres.closest('section')).toHaveAttribute('id', PREMIERES_ANCHOR_ID);
  expect(screen.getByText('Todavía no hay películas en cartelera.')).toBeInTheDocument();
});

test('a search with no match says the title is not available and Volver returns to the list', async () => {
  renderHome('/home?search=Matrix');
  expect(screen.getByText(/«Matrix» no está disponible en este momento/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
  expect(screen.getByRole('heading', { name: 'EN CARTELERA' })).toBeInTheDocument();
});
