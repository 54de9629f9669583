// `npm run test:unit`: the unit, PGlite and PostgreSQL test projects (vitest.config.ts).
// Concurrency only bites on a real PostgreSQL, so when TEST_DATABASE_URL is not set this looks
// for the local one (postgres://postgres@127.0.0.1:5432/test, what CI and these machines run)
// and uses it when it answers; when none does, it says so loudly before and after the run.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    // The server answers but has no `test` database yet: the harness creates its throw-away
    // databases from the `postgres` one (tests/setup/test-database.ts), so that is enough.
    return error?.code === '3D000';
  } finally {
    await client.end().catch(() => {});
  }
}

const env = { ...process.env };
let skipped = null;
if (!env.TEST_DATABASE_URL) {
  if (await answers(LOCAL)) {
    env.TEST_DATABASE_URL = LOCAL;
    console.log(`PostgreSQL found at ${LOCAL}: the API tests run on it too.`);
  } else {
    skipped = `!!! PostgreSQL NOT reachable: concurrency tests were SKIPPED on PostgreSQL !!!
    No PostgreSQL answered at ${LOCAL} and TEST_DATABASE_URL is not set, so the API and
    concurrency tests ran on PGlite only, where requests cannot race (one connection).
    Start PostgreSQL there, or set TEST_DATABASE_URL, to run them for real.`;
    console.warn(`\n${skipped}\n`);
  }
}

const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  env,
  stdio: 'inherit',
});
if (skipped) console.warn(`\n${skipped}\n`);
process.exit(result.status ?? 1);
