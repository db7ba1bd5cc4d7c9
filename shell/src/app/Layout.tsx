import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Footer } from '../features/navigation/components/Footer';
import { Navbar } from '../features/navigation/components/Navbar';

export function Layout() {
  return (
    <Frame>
      <Navbar />
      <Content>
        <Outlet />
      </Content>
      <Footer />
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

// A screen high at least: the footer starts below the fold, so a remote page arriving after the
// shell's first paint does not push it down (a layout shift the visitor sees).
const Content = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;
