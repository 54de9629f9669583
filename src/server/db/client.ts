import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { copyPgliteTemplate } from './pglite-template.ts';
import * as schema from './schema.ts';

/** One type for both drivers: services take `db` first and do not care which it is. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL NOTIFY: every process listening on this database hears it (PGlite: this
   * process). Used to fan live events out across app instances.
   */
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

/**
 * One dedicated connection for LISTEN (a pooled one could be handed to someone else).
 * If it drops, it reconnects and listens again.
 */
function createPgListener(databaseUrl: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', () => {
        client = null;
        connecting = null;
        if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN "${channel}"`);
      client = next;
      return next;
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten> {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const isNew = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onPayload);
      handlers.set(channel, set);
      const connection = client ?? (await connect());
      if (isNew) await connection.query(`LISTEN "${channel}"`);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}

/** Walks up from this file to the package root, so the path holds in src/ and in dist/. */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + import.meta.url);
    dir = parent;
  }
  return dir;
}

export const MIGRATIONS_DIR = path.join(findPackageRoot(), 'src/server/db/migrations');

// Any fixed number: every process migrating the same PostgreSQL waits on this lock.
const MIGRATION_LOCK_ID = 7_231_944;

export interface OpenDatabaseOptions {
  /** postgres://… for a real PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * A migrated, empty data folder (scripts/build-pglite-template.mjs): an empty `pgliteDir` is
   * a copy of it instead of being made by initdb. Ignored when missing or of another PGlite
   * version (its note, `<folder>.json`, says which).
   */
  pgliteTemplate?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Told the text of every statement the app sends, BEGIN and COMMIT included, the same on
   * both databases (not the LISTEN connection). For tests that pin how much work a flow does.
   */
  onStatement?: ((text: string) => void) | undefined;
}

/** node-postgres: every statement of every pooled connection (pool.query goes through these). */
function countPgStatements(pool: pg.Pool, onStatement: (text: string) => void) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const first = args[0] as string | { text: string };
      onStatement(typeof first === 'string' ? first : first.text);
      return query(...args);
    };
  });
}

/** PGlite: its transaction() sends BEGIN and COMMIT itself, so they are told here. */
function countPgliteStatements(client: PGlite, onStatement: (text: string) => void) {
  type Queryable = Pick<PGlite, 'query' | 'exec'>;
  const wrap = <T extends Queryable>(target: T): T => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = ((text: string, ...rest: unknown[]) => {
      onStatement(text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as T['query'];
    target.exec = ((text: string, ...rest: unknown[]) => {
      onStatement(text);
      return (exec as (...args: unknown[]) => unknown)(text, ...rest);
    }) as T['exec'];
    return target;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = async (callback) => {
    onStatement('begin');
    try {
      const result = await transaction((tx) => callback(wrap(tx)));
      onStatement('commit');
      return result;
    } catch (error) {
      onStatement('rollback');
      throw error;
    }
  };
}

/**
 * PGlite's own start parameters, plus a smaller shared buffer pool: PostgreSQL's default
 * 128 MB is touched at start and held for good (about 290 MiB resident after start, against
 * about 160 MiB with 16 MB, measured on 0.5.16). A food truck's database is a few MB; a
 * bigger one is read through the operating system's file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
    });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    if (options.onStatement) countPgStatements(pool, options.onStatement);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      lockClient.release();
    }
    const listener = createPgListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  if (options.pgliteDir) copyPgliteTemplate(options.pgliteDir, options.pgliteTemplate);
  const client = new PGlite(options.pgliteDir, { startParams: PGLITE_START_PARAMS });
  await client.waitReady;
  if (options.onStatement) countPgliteStatements(client, options.onStatement);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}
