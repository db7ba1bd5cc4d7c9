import { createRoot } from 'react-dom/client';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import FeedbackPage from './features/feedback/components/FeedbackPage';
import CreatePage from './features/movies/components/CreatePage';
import AdminPanel from './app/AdminPanel';
import AccessControlPage from './features/access/components/AccessControlPage';
import type { RemotePageProps } from '@cine/web-kit';

// Standalone page for developing this remote alone; inside the product the shell renders the pages
// with the real session. Here an admin session is assumed so the pages show.
const devSession: RemotePageProps['session'] = { token: '', userId: 'dev', username: 'admin', email: 'admin@cine.test', role: 'admin' };

const container = document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <MemoryRouter initialEntries={['/admin']}>
    <nav>
      <Link to="/admin">AdminPanel</Link> · <Link to="/feedback">FeedbackPage</Link> · <Link to="/create">CreatePage</Link> ·{' '}
      <Link to="/acceso">AccessControlPage</Link>
    </nav>
    <Routes>
      <Route path="/admin" element={<AdminPanel session={devSession} />} />
      <Route path="/feedback" element={<FeedbackPage session={devSession} />} />
      <Route path="/create" element={<CreatePage session={devSession} />} />
      <Route path="/acceso" element={<AccessControlPage session={devSession} />} />
    </Routes>
  </MemoryRouter>,
);
