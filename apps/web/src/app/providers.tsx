import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../ui/toast.tsx';
import { queryClient } from '../lib/query-client.ts';

/** Providers of the logged-in app (server state, toasts); part of the lazy /app layout. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
