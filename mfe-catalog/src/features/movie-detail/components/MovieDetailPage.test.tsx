import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import MovieDetailPage from './MovieDetailPage';

test('renders the detail page for the movie in the URL', () => {
  render(
    <MemoryRouter initialEntries={['/movies/42']}>
      <Routes>
        <Route path="/movies/:id" element={<MovieDetailPage session={null} />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Detalle de la película' })).toBeInTheDocument();
  expect(screen.getByText(/película 42 todavía no está disponible/)).toBeInTheDocument();
});
