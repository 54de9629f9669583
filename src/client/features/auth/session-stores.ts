import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * What the browser remembers of the back-office sessions, in the spec's shapes
 * (`auth-storage` with isAuthenticated and isHydrated; staff and kitchen records).
 * They mirror GET /api/auth/session and are never the authority: the guards wait
 * for the server's answer, and every back-office call is checked on the server.
 */
export interface AdminAuthState {
  isAuthenticated: boolean;
  /** True once the stored state has been read back from browser storage. */
  isHydrated: boolean;
  setAuthenticated: (isAuthenticated: boolean) => void;
  markHydrated: () => void;
}

export const useAdminAuth = create<AdminAuthState>()(
  persist(
    (set) => ({
      isAuthenticated: false,
      isHydrated: false,
      setAuthenticated: (isAuthenticated) => set({ isAuthenticated }),
      markHydrated: () => set({ isHydrated: true }),
    }),
    {
      name: 'auth-storage',
      partialize: (state) => ({ isAuthenticated: state.isAuthenticated }),
      onRehydrateStorage: () => (state) => state?.markHydrated(),
    },
  ),
);

interface StaffRecord {
  id: string;
  username: string;
  name: string;
  role: string;
}

interface StaffSessionState {
  isAuthenticated: boolean;
  user: StaffRecord | null;
  signIn: (user: StaffRecord) => void;
  signOut: () => void;
}

function createStaffSessionStore(storageName: string) {
  return create<StaffSessionState>()(
    persist(
      (set) => ({
        isAuthenticated: false,
        user: null,
        signIn: (user) => set({ isAuthenticated: true, user }),
        signOut: () => set({ isAuthenticated: false, user: null }),
      }),
      { name: storageName },
    ),
  );
}

export const useStaffSession = createStaffSessionStore('staff-session');
export const useKitchenSession = createStaffSessionStore('kitchen-session');
