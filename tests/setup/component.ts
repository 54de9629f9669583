/**
 * Set-up of the `component` project (vitest.config.ts): each test's rendering is unmounted and
 * each fake API removed after it, so no screen or stub leaks into the next test.
 *
 * Forms fetch zod's resolver at their first check (form-resolver.ts); the app's back office
 * fetches it as a screen opens. Here it is loaded before the tests, so a test's first check
 * does not wait for Vite to transform it (seconds on a busy machine).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preloadFormResolver } from '#client/components/ui/form-resolver.ts';

await preloadFormResolver();
// The checkout form fetches its schema at its first check (checkout-form.tsx): loaded here too.
await import('#shared/checkout/checkout.schema.ts');

// findBy and waitFor give up after this: a ceiling, not a wait (a screen that is right passes
// at once). Testing Library's own second is less than a first on-demand module can take to
// arrive on a machine kept busy by other work.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
