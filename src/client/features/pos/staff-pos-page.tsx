import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function StaffPosPage() {
  return <UnbuiltScreen title="Staff Point of Sale" />;
}
