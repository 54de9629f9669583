// First: the zod setting must be in place before any schema is built (zod-config.ts).
import './lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadFirstScreen } from './app/router.tsx';
import { registerServiceWorker } from './features/pwa/register-service-worker.ts';
import './styles.css';

function renderApp() {
  const root = createRoot(document.getElementById('root')!);
  // Replaces the first screen the build wrote into the page, if any (vite.config.ts). As a
  // transition, React renders it in slices and lets the browser in between: on a slow phone the
  // first render of a page is otherwise one long task, and a tap waits for all of it.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// A page with its first screen written in (boot.js) is replaced by the same screen, live, once
// that screen's code is there; a screen whose code does not load renders anyway, and its error
// screen says so.
void preloadFirstScreen(window.location.pathname).then(renderApp, renderApp);

// Only the production build: in development Vite serves changing files the worker would cache.
if (import.meta.env.PROD) registerServiceWorker();
