/**
 * The TEST_DATABASE_URL server itself: creating and dropping the throw-away databases of the
 * `postgres` project (test-database.ts, postgres-template.global.ts). No Vitest imports, so the
 * global set-up can use it too.
 */
import pg from 'pg';

export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs `work` on a connection to the server. The URL's own database may not exist yet
 * (a fresh machine), so it falls back to the `postgres` maintenance database.
 */
export async function withServerConnection<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  let client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // invalid_catalog_name
    client = new pg.Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
    await client.connect();
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withServerConnection(serverUrl, (client) =>
    client.query(`drop database if exists "${name}" with (force)`),
  );
}
