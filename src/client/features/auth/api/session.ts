import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { whenLocationShown } from '../../../app/committed-location.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import { wait } from '#client/lib/utils.ts';
import {
  roleMayAccess,
  sessionSchema,
  staffUserSchema,
  type AccessLevel,
  type Session,
} from '#shared/auth/auth.schema.ts';
import { useAdminAuth, useKitchenSession, useStaffSession } from '../session-stores.ts';

const SESSION_QUERY_KEY = ['/api/auth/session'] as const;

/** Mirrors the server's answer into the spec's browser stores (a cache, never the authority). */
function mirror(session: Session) {
  const role = session.user?.role;
  useAdminAuth.getState().setAuthenticated(role === 'admin');
  const user = session.user;
  const record = user && { id: user.id, username: user.username, name: user.name, role: user.role };
  if (record && role && roleMayAccess(role, 'pos')) useStaffSession.getState().signIn(record);
  else useStaffSession.getState().signOut();
  if (record && role && roleMayAccess(role, 'kitchen')) useKitchenSession.getState().signIn(record);
  else useKitchenSession.getState().signOut();
}

const sessionQuery = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      const session = sessionSchema.parse(await apiGet('/api/auth/session'));
      mirror(session);
      return session;
    },
    // Back-office screens re-check now and then; a server-side logout shows up.
    staleTime: 60_000,
    retry: 2,
  });

export const useSession = () => useQuery(sessionQuery());

/** Whether the signed-in account may use an area; undefined while the server is asked. */
export function useAccess(level: AccessLevel): boolean | undefined {
  const { data, isPending, isError } = useSession();
  if (isPending) return undefined;
  if (isError || !data?.user) return false;
  return roleMayAccess(data.user.role, level);
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      // Spec back-office §2: a 0.5 s pause on the admin login.
      await wait(500);
      return sessionSchema.parse(await apiRequest('POST', '/api/auth/login', { password }));
    },
    onSuccess: (session) => {
      mirror(session);
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
    },
  });
}

export function useStaffLogin(path: '/api/staff/login' | '/api/kitchen/login') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { username: string; password: string }) =>
      staffUserSchema.parse(await apiRequest('POST', path, credentials)),
    onSuccess: (user) => {
      const session = { authenticated: true, user };
      mirror(session);
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
    },
  });
}

/** Logs out, then goes home (spec: 'Logged Out' toast, to /). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    // Mutation-level callbacks run even though the screen that asked is about to unmount.
    onSettled: async () => {
      // Leave the guarded area first, or its guard would send us to the login page.
      await navigate('/');
      // Bounded: a navigation that never reaches the screen must not keep the session open.
      await Promise.race([whenLocationShown('/'), wait(3_000)]);
      toast.success('Logged Out');
      const signedOut = { authenticated: false, user: null };
      mirror(signedOut);
      queryClient.setQueryData(SESSION_QUERY_KEY, signedOut);
      // Nothing of the back office stays in memory for the next person at this device.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
      });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest('POST', '/api/auth/password', body),
  });
}
