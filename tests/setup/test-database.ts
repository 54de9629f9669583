/**
 * A clean, migrated database for each test file, on the database the vitest project names
 * (vitest.config.ts): in `pglite` a copy of a migrated PGlite folder (or, with
 * TEST_PGLITE=memory, a fresh in-memory PGlite), in `postgres` a throw-away `t_<random>`
 * database on the TEST_DATABASE_URL server, a copy of the run's migrated one
 * (tests/setup/postgres-template.global.ts), dropped WITH (FORCE) after the file.
 * Either way it is opened with the product's openDatabase, so migrations run as in production.
 *
 * Use `useTestDatabase()` at the top of a test file (it registers beforeAll/afterAll), or
 * `createTestDatabase()` when a test needs a database of its own.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { dropDatabase, withDatabaseName, withServerConnection } from './postgres-server.ts';
import {
  openDatabase,
  type Database,
  type Db,
  type OpenDatabaseOptions,
} from '#server/db/client.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set per project in vitest.config.ts. */
    testDatabase: TestDatabaseKind;
    /** A migrated PGlite data folder to copy (tests/setup/pglite-template.global.ts). */
    pgliteTemplateDir: string | undefined;
    /** A migrated database on the TEST_DATABASE_URL server (tests/setup/postgres-template.global.ts). */
    postgresTemplate: string | undefined;
  }
}

export interface TestDatabase {
  kind: TestDatabaseKind;
  database: Database;
  db: Db;
  /** postgres://… of the throw-away database; undefined on PGlite. */
  url: string | undefined;
  /** Closes the connections and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

export function testDatabaseKind(): TestDatabaseKind {
  // `unit` tests provide nothing: they should not ask for a database, but PGlite is harmless.
  return inject('testDatabase') ?? 'pglite';
}

/** `onStatement`: told every statement the app sends (openDatabase's option of that name). */
export async function createTestDatabase(
  options: Pick<OpenDatabaseOptions, 'onStatement'> = {},
): Promise<TestDatabase> {
  const kind = testDatabaseKind();
  if (kind === 'pglite') return createPgliteDatabase(options);

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The postgres test project needs TEST_DATABASE_URL.');
  const name = `t_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated database (tests/setup/postgres-template.global.ts).
  const template = inject('postgresTemplate');
  await withServerConnection(serverUrl, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  const url = withDatabaseName(serverUrl, name);
  let database: Database;
  try {
    // A few connections per file keep parallel files well under max_connections.
    database = await openDatabase({ ...options, databaseUrl: url, maxConnections: 4 });
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    kind,
    database,
    db: database.db,
    url,
    async destroy() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

async function createPgliteDatabase(
  options: Pick<OpenDatabaseOptions, 'onStatement'>,
): Promise<TestDatabase> {
  const templateDir = inject('pgliteTemplateDir');
  if (!templateDir) {
    const database = await openDatabase(options);
    return {
      kind: 'pglite',
      database,
      db: database.db,
      url: undefined,
      destroy: () => database.close(),
    };
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-test-'));
  const dataDir = path.join(root, 'data');
  fs.cpSync(templateDir, dataDir, { recursive: true });
  const database = await openDatabase({ ...options, pgliteDir: dataDir });
  return {
    kind: 'pglite',
    database,
    db: database.db,
    url: undefined,
    async destroy() {
      await database.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Registers beforeAll/afterAll for one database per test file. The returned object's
 * properties are filled in beforeAll; reading them earlier throws.
 */
export function useTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.destroy();
    current = undefined;
  });
  const get = () => {
    if (!current) throw new Error('The test database is ready only inside tests and hooks.');
    return current;
  };
  return {
    get kind() {
      return get().kind;
    },
    get database() {
      return get().database;
    },
    get db() {
      return get().db;
    },
    get url() {
      return get().url;
    },
    destroy: () => get().destroy(),
  };
}

/** Empties every table of the app (not drizzle's migration journal) and restarts sequences. */
export async function truncateAllTables(db: Db): Promise<void> {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = rowsOf<{ tablename: string }>(result).map((row) => `"public"."${row.tablename}"`);
  if (names.length === 0) return;
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

/** node-postgres answers `{ rows }`, PGlite too; kept in one place in case a driver differs. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
