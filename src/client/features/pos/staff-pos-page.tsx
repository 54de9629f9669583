import { PosScreen } from './pos-screen.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

/** /staff-pos (spec back-office §2 "Staff POS"), after a staff login. */
export function StaffPosPage() {
  useDocumentTitle('Staff POS');
  return <PosScreen variant="staff" />;
}
