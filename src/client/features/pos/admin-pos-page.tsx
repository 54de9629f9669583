import { PosScreen } from './pos-screen.tsx';

/** /pos (spec back-office §2 "Admin POS"), inside the admin bar. */
export function AdminPosPage() {
  return <PosScreen variant="admin" />;
}
