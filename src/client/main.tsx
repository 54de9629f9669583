// First: the zod setting must be in place before any schema is built (zod-config.ts).
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { registerServiceWorker } from './features/pwa/register-service-worker.ts';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

// Only the production build: in development Vite serves changing files the worker would cache.
if (import.meta.env.PROD) registerServiceWorker();
