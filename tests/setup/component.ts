/**
 * Set-up of the `component` project (vitest.config.ts): each test's rendering is unmounted and
 * each fake API removed after it, so no screen or stub leaks into the next test.
 *
 * Forms fetch zod's resolver at their first check (form-resolver.ts); the app's back office
 * fetches it as a screen opens. Here it is loaded before the tests, so a test's first check
 * does not wait for Vite to transform it (seconds on a busy machine, past findBy's second).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preloadFormResolver } from '#client/components/ui/form-resolver.ts';

await preloadFormResolver();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
