import { Navigate, Route, Routes } from 'react-router-dom';
import { AboutPage } from '../features/about/components/AboutPage';
import { ChangePasswordPage } from '../features/auth/components/ChangePasswordPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { NotFoundPage } from '../features/not-found/components/NotFoundPage';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import {
  AdminPanel,
  CajaPage,
  CandyModalPage,
  CandyPage,
  CheckoutPage,
  CreatePage,
  FeedbackPage,
  HomePage,
  MovieDetailPage,
} from '../features/remotes/components/remotePages';
import { Layout } from './Layout';

/** Every page route of the product (spec §2). Pages owned by a remote render through its RemoteArea. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="home" element={<HomePage />} />
        <Route path="movies/:id" element={<MovieDetailPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="changepassword" element={<ChangePasswordPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="candy" element={<CandyPage />} />
        <Route path="Checkout" element={<CheckoutPage />} />
        <Route path="CandyModal" element={<CandyModalPage />} />
        <Route path="caja" element={<CajaPage />} />
        <Route path="admin" element={<AdminPanel />} />
        <Route path="feedback" element={<FeedbackPage />} />
        <Route path="create" element={<CreatePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
