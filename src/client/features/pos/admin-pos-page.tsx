import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function AdminPosPage() {
  return <UnbuiltScreen title="Point of Sale" />;
}
