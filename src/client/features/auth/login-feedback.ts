import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';

/**
 * Spec back-office §8: "Login Failed" with the role's message for a refused login,
 * the server's own words for a lock-out (429), and a generic message otherwise.
 */
export function showLoginError(error: unknown, refusedMessage: string) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error('Login Failed', { description: refusedMessage });
  } else if (error instanceof ApiError && error.status === 429) {
    toast.error('Login Failed', {
      description: error.serverMessage ?? 'Too many attempts. Please wait a moment.',
    });
  } else {
    toast.error('Login Failed', { description: 'Login failed. Please try again.' });
  }
}
