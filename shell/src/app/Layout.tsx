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

const Content = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
`;
