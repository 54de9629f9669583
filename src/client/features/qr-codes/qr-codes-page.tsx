import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function QrCodesPage() {
  return <UnbuiltScreen title="QR Codes" />;
}
