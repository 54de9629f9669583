import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function AdminDashboardPage() {
  return <UnbuiltScreen title="Dashboard" />;
}
