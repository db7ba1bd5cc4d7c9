import { createRoot } from 'react-dom/client';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import HomePage from './app/HomePage';
import MovieDetailPage from './features/movie-detail/components/MovieDetailPage';

// Standalone page for developing this remote alone; inside the product the shell renders the pages.
const container = document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <MemoryRouter initialEntries={['/home']}>
    <nav>
      <Link to="/home">HomePage</Link> · <Link to="/movies/1">MovieDetailPage</Link>
    </nav>
    <Routes>
      <Route path="/home" element={<HomePage session={null} />} />
      <Route path="/movies/:id" element={<MovieDetailPage session={null} />} />
    </Routes>
  </MemoryRouter>,
);
