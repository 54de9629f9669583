import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '#client/components/ui/toast.tsx';
import { TestModeRibbon } from './test-mode-ribbon.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { askNotificationPermissionSoon } from '../features/notifications/ask-notification-permission.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => askNotificationPermissionSoon(), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <TestModeRibbon />
      <Toaster />
    </QueryClientProvider>
  );
}
