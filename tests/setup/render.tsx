/**
 * Renders a screen as the app does: inside a fresh React Query client (no retries, so a
 * faked error shows at once) and with a user-event session for typing and tapping.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

export function renderScreen(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...view, user, client };
}
