import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { askNotificationPermissionSoon } from '../features/notifications/ask-notification-permission.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => askNotificationPermissionSoon(), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec customer-site §9: one toast at a time, 5000 ms. At the bottom, above the floating
          cart, so it does not cover the top bar's Cart and Track buttons on a phone. */}
      <Toaster
        position="bottom-center"
        offset={96}
        mobileOffset={96}
        visibleToasts={1}
        duration={5000}
        // Spec: a swipe to the right dismisses (sonner's threshold is 45 px; the spec says 50).
        swipeDirections={['right']}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
