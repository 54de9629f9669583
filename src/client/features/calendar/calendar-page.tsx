import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function CalendarPage() {
  return <UnbuiltScreen title="Order Calendar" />;
}
