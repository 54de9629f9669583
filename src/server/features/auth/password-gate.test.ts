/**
 * Password hashing cannot starve the server (decision 006, "Hashing"): the gate's rules, and
 * a flood of logins answered with 429s, never 500s, after which the right password works.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, logIn, nextClient } from '../../../../tests/factories/staff.ts';
import {
  ConcurrencyGate,
  loginGate,
  PASSWORD_GATE_LIMITS,
  passwordGate,
  SERVER_BUSY_MESSAGE,
  ServerBusyError,
} from './password-gate.ts';

/** A task the test finishes by hand. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('runs at most maxActive tasks, queues maxWaiting in order, and refuses the next at once', async () => {
    const gate = new ConcurrencyGate({ maxActive: 2, maxWaiting: 2, maxWaitMs: 5000 });
    const tasks = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = tasks.map((task, i) =>
      settle(
        gate.run(async () => {
          started.push(i);
          await task.done;
          return i;
        }),
      ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    const refused = await runs[4]!;
    expect(refused.ok).toBe(false);
    expect(refused).toMatchObject({
      error: { statusCode: 429, message: SERVER_BUSY_MESSAGE, retryAfterSeconds: 2 },
    });
    expect((refused as { error: unknown }).error).toBeInstanceOf(ServerBusyError);

    // A finished task hands its slot to the first in the queue, a failed one too.
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.fail(new Error('scrypt failed'));
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(await runs[0]).toMatchObject({ ok: false, error: { message: 'scrypt failed' } });
    for (const task of tasks) task.finish();
    expect(await Promise.all(runs.slice(1, 4))).toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 2 },
      { ok: true, value: 3 },
    ]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a task that waited longer than maxWaitMs, and lets the queue move on', async () => {
    const gate = new ConcurrencyGate({ maxActive: 1, maxWaiting: 5, maxWaitMs: 40 });
    const long = deferred();
    const first = gate.run(() => long.done);
    const startedAt = performance.now();
    const waited = await settle(gate.run(async () => 'never'));
    expect(waited).toMatchObject({ ok: false, error: { message: SERVER_BUSY_MESSAGE } });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(35);
    expect(gate.load).toEqual({ active: 1, waiting: 0 });
    long.finish();
    await first;
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('lets 2 password hashes run at once, 50 wait, for at most 2 seconds; 52 logins in progress', () => {
    expect(PASSWORD_GATE_LIMITS).toEqual({ maxActive: 2, maxWaiting: 50, maxWaitMs: 2000 });
    expect(passwordGate.limits).toBe(PASSWORD_GATE_LIMITS);
    expect(loginGate.limits).toEqual({ maxActive: 52, maxWaiting: 0, maxWaitMs: 0 });
  });
});

describe('a flood of logins', () => {
  const t = useTestApp({ seed: false });

  it('gets 429 "busy" for what the gate cannot take, never a 500; then the right password works', async () => {
    const user = await createStaffUser(t.db, { role: 'staff' });
    // 150 logins at once from as many addresses, each for a name nobody has (so no limit of
    // the account or client stops them before the password check).
    const flood = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        logIn(t.app, { username: `flood.${i}`, password: 'not-it-at-all' }, nextClient()),
      ),
    );
    const statuses = flood.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const busy = flood.filter(({ response }) => response.statusCode === 429);
    // 2 run and 50 wait: at least the other 98 are refused at once.
    expect(busy.length).toBeGreaterThanOrEqual(98);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(2);
    for (const { response } of busy) {
      expect(response.json()).toEqual({ error: SERVER_BUSY_MESSAGE });
      expect(response.headers['retry-after']).toBe('2');
    }
    expect(passwordGate.load).toEqual({ active: 0, waiting: 0 });

    const after = await logIn(t.app, { username: user.username, password: user.password });
    expect(after.response.statusCode).toBe(200);
  });

  it('refuses a login at once, before any work, while 52 logins are in progress', async () => {
    const user = await createStaffUser(t.db, { role: 'staff' });
    const inProgress = deferred();
    const held = Array.from({ length: 52 }, () => loginGate.run(() => inProgress.done));
    try {
      for (const path of ['/api/staff/login', '/api/kitchen/login'] as const) {
        const { response } = await logIn(t.app, {
          path,
          username: user.username,
          password: user.password,
        });
        expect(response.statusCode, path).toBe(429);
        expect(response.json()).toEqual({ error: SERVER_BUSY_MESSAGE });
        expect(response.headers['retry-after']).toBe('2');
      }
      const admin = await logIn(t.app, { password: 'any-password-at-all' });
      expect(admin.response.statusCode).toBe(429);
    } finally {
      inProgress.finish();
      await Promise.all(held);
    }
    const after = await logIn(t.app, { username: user.username, password: user.password });
    expect(after.response.statusCode).toBe(200);
  });
});
