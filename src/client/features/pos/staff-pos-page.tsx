import { PosScreen } from './pos-screen.tsx';

/** /staff-pos (spec back-office §2 "Staff POS"), after a staff login. */
export function StaffPosPage() {
  return <PosScreen variant="staff" />;
}
