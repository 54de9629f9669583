import { UnbuiltScreen } from '../../components/ui/unbuilt-screen.tsx';

export function MenuEditorPage() {
  return <UnbuiltScreen title="Menu Editor" />;
}
