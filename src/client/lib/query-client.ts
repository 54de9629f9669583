import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client.ts';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Spec customer-site §7: the default load is a GET to the query key parts joined by
 * slashes; it may be told to yield nothing on 401.
 */
function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiGet<T>(queryKey.join('/'));
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

const SESSION_KEY = '/api/auth/session';

/** Spec defaults: no automatic refetch, never stale, no retries unless a query says otherwise. */
export function createQueryClient() {
  // One place for 401s: a call refused for want of a session makes the guards ask again,
  // and they send the person to their login page.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: [SESSION_KEY] });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
