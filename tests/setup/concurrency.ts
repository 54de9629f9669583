/**
 * Concurrency tests: requests that race for the same rows. They only bite on a real
 * PostgreSQL, where each request has its own connection and a missing lock or constraint
 * lets two of them through. PGlite has one connection, so the same requests queue up and
 * such a bug passes there unseen.
 *
 * `itRaces(name, fn)` declares one. In the `postgres` project it is a plain test. In `pglite`
 * it still runs (the outcome must hold when the requests are serialised too), under a name that
 * says the race was not real; and when no `postgres` project runs in the same invocation
 * (TEST_DATABASE_URL unset), it says loudly, at the end of its file, that the real race was
 * SKIPPED. `npm run test:unit` (scripts/test-unit.mjs) sets TEST_DATABASE_URL to the local
 * PostgreSQL whenever one answers.
 */
import { afterAll, it, type TestFunction } from 'vitest';
import { testDatabaseKind } from './test-database.ts';

export const RACE_SKIPPED_BANNER = 'PostgreSQL NOT reachable: concurrency tests were SKIPPED';

export function itRaces(name: string, fn: TestFunction, timeout?: number): void {
  if (testDatabaseKind() === 'postgres') {
    it(name, fn, timeout);
    return;
  }
  const postgresRunsToo = Boolean(process.env.TEST_DATABASE_URL);
  it(
    `${name} [PGlite: serialised, ${postgresRunsToo ? 'the postgres project races it' : 'NO REAL RACE'}]`,
    fn,
    timeout,
  );
  if (!postgresRunsToo) {
    afterAll(() => {
      console.warn(
        `\n!!! ${RACE_SKIPPED_BANNER} on PostgreSQL: "${name}" ran on PGlite only, ` +
          'where requests cannot race. Set TEST_DATABASE_URL or run `npm run test:unit` ' +
          'with PostgreSQL on 127.0.0.1:5432. !!!\n',
      );
    });
  }
}
