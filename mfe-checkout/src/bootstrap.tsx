import { createRoot } from 'react-dom/client';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import CajaPage from './features/caja/components/CajaPage';
import CandyModalPage from './features/candy/components/CandyModalPage';
import CandyPage from './features/candy/components/CandyPage';
import CheckoutPage from './app/CheckoutPage';
import PurchasePanel from './app/PurchasePanel';

const demoMovie = { id: 'demo', Title: 'Película de prueba', Trailer: '' };

// Standalone page for developing this remote alone; inside the product the shell renders the pages.
const container = document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <MemoryRouter initialEntries={['/candy']}>
    <nav>
      <Link to="/candy">CandyPage</Link> · <Link to="/Checkout">CheckoutPage</Link> · <Link to="/CandyModal">CandyModalPage</Link> ·{' '}
      <Link to="/caja">CajaPage</Link> · <Link to="/purchase">PurchasePanel</Link>
    </nav>
    <Routes>
      <Route path="/candy" element={<CandyPage session={null} />} />
      <Route path="/Checkout" element={<CheckoutPage session={null} />} />
      <Route path="/CandyModal" element={<CandyModalPage session={null} />} />
      <Route path="/caja" element={<CajaPage session={null} />} />
      <Route path="/purchase" element={<PurchasePanel movie={demoMovie} session={null} />} />
    </Routes>
  </MemoryRouter>,
);
