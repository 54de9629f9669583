/**
 * A console.error during a test fails it (Epic Stack's tests/setup idea): an error the code
 * logs is usually a bug the assertions did not look at. A test that expects one says so with
 * `expectConsoleError()`, which also checks that the error really was logged.
 *
 * NOTE: the state lives on globalThis, not in this module: with `isolate: false` the setup
 * file runs again for every test file, and a test file's import of it may be another instance.
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

interface ConsoleErrorState {
  spy: MockInstance<typeof console.error> | undefined;
  expected: boolean;
}

const STATE = Symbol.for('shop.tests.console-error');
const holder = globalThis as typeof globalThis & { [STATE]?: ConsoleErrorState };
const state = (holder[STATE] ??= { spy: undefined, expected: false });

beforeEach(() => {
  state.expected = false;
  const original = console.error;
  state.spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!state.expected) original(...args);
  });
});

afterEach(() => {
  const spy = state.spy;
  if (!spy) return;
  const calls = [...spy.mock.calls];
  spy.mockRestore();
  state.spy = undefined;
  if (state.expected) {
    state.expected = false;
    expect(calls.length, 'the test expected a console.error that never came').toBeGreaterThan(0);
    return;
  }
  if (calls.length > 0) {
    throw new Error(
      `console.error was called ${calls.length} time(s) during the test; ` +
        'call expectConsoleError() if the test expects it. First call: ' +
        calls[0]!.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
  }
});

/** Marks the current test as expecting console.error; returns the calls so far (a live array). */
export function expectConsoleError(): unknown[][] {
  if (!state.spy) throw new Error('expectConsoleError() works only inside a test.');
  state.expected = true;
  return state.spy.mock.calls;
}
