import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../session/hooks/useSession';
import { RemoteArea } from './RemoteArea';

export const HomePage = () => <RemoteArea remote="catalog" exposedModule="HomePage" />;
export const MovieDetailPage = () => <RemoteArea remote="catalog" exposedModule="MovieDetailPage" />;
export const BillboardByDayPage = () => <RemoteArea remote="catalog" exposedModule="BillboardByDayPage" />;

export const CandyPage = () => <RemoteArea remote="checkout" exposedModule="CandyPage" />;
export const CheckoutPage = () => <RemoteArea remote="checkout" exposedModule="CheckoutPage" />;
export const CandyModalPage = () => <RemoteArea remote="checkout" exposedModule="CandyModalPage" />;
export const CajaPage = () => <RemoteArea remote="checkout" exposedModule="CajaPage" />;
export const OrderConfirmationPage = () => <RemoteArea remote="checkout" exposedModule="OrderConfirmationPage" />;
export const MyPurchasesPage = () => <RemoteArea remote="checkout" exposedModule="MyPurchasesPage" />;

/** The admin remote is fetched only once the server has confirmed the admin role; others get nothing. */
function AdminOnly({ exposedModule }: { exposedModule: string }) {
  const { status, role } = useSession();
  if (status === 'checking') return <Spinner label="Verificando permisos..." />;
  if (role !== 'admin') return null;
  return <RemoteArea remote="admin" exposedModule={exposedModule} />;
}

export const AdminPanel = () => <AdminOnly exposedModule="AdminPanel" />;
export const FeedbackPage = () => <AdminOnly exposedModule="FeedbackPage" />;
export const CreatePage = () => <AdminOnly exposedModule="CreatePage" />;
