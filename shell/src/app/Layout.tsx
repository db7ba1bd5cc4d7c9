import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useCinemaInUrl } from '../features/navigation/components/CinemaPicker';
import { Footer } from '../features/navigation/components/Footer';
import { Navbar } from '../features/navigation/components/Navbar';
import { useScrollRestoration } from '../features/navigation/hooks/useScrollRestoration';
import { remoteWidgets } from '../features/remotes/components/remoteWidgets';

export function Layout() {
  useScrollRestoration();
  useCinemaInUrl();
  return (
    <Frame>
      <SkipLink href="#contenido">Saltar al contenido</SkipLink>
      <Navbar cart={<remoteWidgets.CartStatus />} />
      {/* The skip link's target: focusable so the next Tab starts inside the page, not at the top. */}
      <Content id="contenido" tabIndex={-1}>
        <Outlet />
      </Content>
      <Footer />
    </Frame>
  );
}

// Off screen until it has the keyboard's focus: the first Tab of every page.
const SkipLink = styled.a`
  position: absolute;
  left: 0.75rem;
  top: -4rem;
  z-index: 100;
  padding: 0.6rem 1rem;
  border-radius: var(--cine-radius);
  background: var(--cine-gold);
  color: #111;
  font-weight: 700;
  text-decoration: none;

  &:focus {
    top: 0.75rem;
  }
`;

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;

  &:focus {
    outline: none;
  }
`;

// A screen high at least: the footer starts below the fold, so a remote page arriving after the
// shell's first paint does not push it down (a layout shift the visitor sees).
const Content = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-height: 100vh;

  &:focus {
    outline: none;
  }
`;
