import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function TablePage() {
  return <UnbuiltScreen title="Table Ordering" />;
}
