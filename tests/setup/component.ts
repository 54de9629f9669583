/**
 * Set-up of the `component` project (vitest.config.ts): each test's rendering is unmounted and
 * each fake API removed after it, so no screen or stub leaks into the next test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
