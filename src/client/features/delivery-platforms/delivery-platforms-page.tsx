import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function DeliveryPlatformsPage() {
  return <UnbuiltScreen title="Delivery Platform Management" />;
}
