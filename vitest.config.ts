import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Unit and API tests (Playwright's end-to-end tests live in tests/e2e and run separately).
 *
 * Projects, each named in the output:
 * - `component` React screens (the client's .test.tsx files) with Testing Library in jsdom.
 * - `unit`      pure rules (src/shared, the client's logic, the config parser) and checks of the
 *               test set-up (tests/*.test.ts): no database.
 * - `pglite`    API and database tests on PGlite (the embedded default), always.
 * - `postgres`  the same API and database tests on a real PostgreSQL, only when
 *               TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
 * tests/setup/test-database.ts reads the project's `testDatabase` (see `provide`) to decide
 * which database a test file gets. Every test file gets a fresh, migrated one.
 *
 * Imports use package.json "imports" (#shared/*, #server/*): Vite resolves those itself.
 */

/** Server tests that need no database; they would only repeat themselves in `postgres`. */
const PURE_SERVER_TESTS = ['src/server/config.test.ts'];
/** Tests of the embedded database itself (its first-start template): PGlite only. */
const PGLITE_ONLY_TESTS = ['src/server/db/pglite-template.test.ts'];
/**
 * PostgreSQL only: crash tests of several processes on one database (PGlite has one process), and
 * tests at a year's size that would only be slower on PGlite.
 */
const POSTGRES_ONLY_TESTS = [
  'src/server/features/orders/mixed-load-crash.test.ts',
  // Sold out and back through an outage and a kill -9 of the server process (decision 027).
  'src/server/features/delivery-platforms/platform-availability-crash.test.ts',
  // Kitchen tickets through a printer outage and a kill -9 of the server (decision 028).
  'src/server/features/printing/printing-crash.test.ts',
  // A year's export (70,000 orders): the parameter limit is the protocol's, the same on PGlite.
  'src/server/features/admin-dashboard/orders-export-year.test.ts',
  // 4,000 checkouts racing for pickup slots: on PGlite they queue up, which proves nothing the
  // API tests (pickup.routes.test.ts) do not, at a minute and a half.
  'src/server/features/pickup/pickup-capacity.test.ts',
];

const setupFiles = ['tests/setup/console-errors.ts'];

const databaseProject = (name: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude:
      name === 'pglite'
        ? [...PURE_SERVER_TESTS, ...POSTGRES_ONLY_TESTS]
        : [...PURE_SERVER_TESTS, ...PGLITE_ONLY_TESTS],
    setupFiles,
    provide: { testDatabase: name },
    // NOTE: reusing workers across files saves PGlite's WebAssembly compile (about 2 s) per
    // file. Safe because every file opens its own database and closes it in afterAll.
    isolate: false,
    globalSetup: [`tests/setup/${name}-template.global.ts`],
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      // Pure rules of the shared code, the server's config parser and the client's own logic
      // (formatters, keys): plain functions, no browser needed.
      // tests/*.test.ts: checks of the test set-up itself (which e2e spec runs at which size).
      include: [
        'src/shared/**/*.test.ts',
        'src/client/**/*.test.ts',
        'tests/*.test.ts',
        ...PURE_SERVER_TESTS,
      ],
      setupFiles,
    },
  },
  {
    extends: true,
    test: {
      name: 'component',
      // React screens with Testing Library in jsdom; the API is faked at the fetch level
      // (tests/setup/fake-fetch.ts), nothing below the component is mocked.
      include: ['src/client/**/*.test.tsx'],
      environment: 'jsdom',
      setupFiles: [...setupFiles, 'tests/setup/component.ts'],
    },
  },
  databaseProject('pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(databaseProject('postgres'));

/**
 * The files that take longest (crash tests of several processes, thousands of checkouts, a year
 * of orders: 15-40 s each, mostly waiting on other processes) start first, so the other worker
 * runs the short files beside them instead of the run ending on one long file. Vitest's own
 * order (by the last run's times) needs a cache a fresh clone does not have.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) =>
      POSTGRES_ONLY_TESTS.some((path) => file.moduleId.endsWith(path));
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    exclude: ['**/node_modules/**', 'dist/**', 'tests/e2e/**'],
    projects,
    // CI and developer machines have two cores; each worker boots its own database.
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    // Ceilings that catch a hang, not waits: a passing test takes what it takes. On CI the
    // end-to-end tests share the two cores with Vitest, and a test that checks a dozen
    // passwords (scrypt, tens of milliseconds each when idle) took over 15 s there; a PGlite
    // boot plus migrations takes seconds.
    hookTimeout: 60_000,
    testTimeout: 60_000,
    // expect.poll's ceiling (Vitest's default is 1 s): a restarted process delivering its
    // outbox took longer than that on CI beside the end-to-end tests. A poll that holds returns
    // at once; a test that asserts a time limit names its own timeout.
    expect: { poll: { timeout: 15_000 } },
  },
});
