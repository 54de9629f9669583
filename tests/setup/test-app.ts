/**
 * The Fastify app on a test database, driven with `app.inject` (no port), with a clock the
 * test sets. One app per test file:
 *
 *   const t = useTestApp({ seed: 'demo' });
 *   it('…', async () => {
 *     t.clock.set('2025-06-10T07:00:00Z');
 *     const response = await t.app.inject({ method: 'GET', url: '/api/shop-status' });
 *   });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { ensureBaseData } from '#server/db/seed/seed.ts';
import type { AppInstance } from '#server/http/types.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** A clock tests move by hand. Starts at a fixed, ordinary moment so no test depends on today. */
export class TestClock {
  private current: Date;
  constructor(start: Date | string = '2025-06-10T09:00:00Z') {
    this.current = new Date(start);
  }
  now = (): Date => new Date(this.current);
  set(moment: Date | string): void {
    const next = new Date(moment);
    if (Number.isNaN(next.getTime())) throw new Error(`Not a date: ${String(moment)}`);
    this.current = next;
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export interface TestAppOptions {
  /**
   * 'demo': settings, round-the-clock hours and the demo menu (what `npm start` makes);
   * 'base': settings and the spec's closed default hours, no menu; false: nothing.
   */
  seed?: 'demo' | 'base' | false;
  /** Extra environment for loadConfig, on top of the test defaults. */
  env?: Record<string, string>;
  /** Folder of a built client, for the single-page-app fallback. */
  clientDir?: string;
  clockStart?: Date | string;
  /**
   * Called with the app before `ready()`, to add routes a test needs (e.g. one that throws).
   */
  beforeReady?: (app: AppInstance) => void | Promise<void>;
  /** The order-event dispatcher's options (`deliver: false`: a process that dies before delivering). */
  dispatcher?: AppDeps['dispatcher'];
  /** Where Web Pushes may go (tests/fakes/fake-push-service.ts fakePushGate); the real check unless given. */
  checkPushEndpoint?: AppDeps['checkPushEndpoint'];
}

export interface TestApp {
  app: AppInstance;
  database: Database;
  db: Db;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

/** The environment every test app starts from. */
export function testEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://shop.test',
    // shop.test is not this machine, so the simulator must be chosen by name (config.ts).
    PAYMENT_PROVIDER: 'simulator',
    ...extra,
  };
}

/** Builds the app on an existing database (the caller closes the database). */
export async function createTestApp(
  database: Database,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config = loadConfig(testEnv(dataDir, options.env));
  if (options.seed) await ensureBaseData(database.db, { demo: options.seed === 'demo' });

  const clock = new TestClock(options.clockStart);
  const deps: AppDeps = {
    config,
    database,
    now: clock.now,
    clientDir: options.clientDir,
    logger: false,
    dispatcher: options.dispatcher,
    checkPushEndpoint: options.checkPushEndpoint,
  };
  const app = await buildApp(deps);
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    clock,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface UsedTestApp extends TestApp {
  testDatabase: TestDatabase;
}

/**
 * One fresh database and app per test file, set up in beforeAll and torn down in afterAll.
 * The returned object's properties are ready inside tests and hooks.
 */
export function useTestApp(options: TestAppOptions = {}): UsedTestApp {
  let state: { testDatabase: TestDatabase; testApp: TestApp } | undefined;
  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    try {
      const testApp = await createTestApp(testDatabase.database, options);
      state = { testDatabase, testApp };
    } catch (error) {
      await testDatabase.destroy();
      throw error;
    }
  });
  afterAll(async () => {
    if (!state) return;
    const { testDatabase, testApp } = state;
    state = undefined;
    await testApp.close();
    await testDatabase.destroy();
  });
  const get = () => {
    if (!state) throw new Error('The test app is ready only inside tests and hooks.');
    return state;
  };
  return {
    get app() {
      return get().testApp.app;
    },
    get database() {
      return get().testApp.database;
    },
    get db() {
      return get().testApp.db;
    },
    get config() {
      return get().testApp.config;
    },
    get clock() {
      return get().testApp.clock;
    },
    get testDatabase() {
      return get().testDatabase;
    },
    close: () => get().testApp.close(),
  };
}
