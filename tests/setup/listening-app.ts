/**
 * The app on a real port of 127.0.0.1, for tests of what `inject` cannot show: sockets,
 * timeouts, connection limits. Takes limits other than the production defaults, e.g. short
 * timeouts, so a test waits seconds, not minutes.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { AppInstance } from '#server/http/types.ts';
import { testEnv } from './test-app.ts';

export interface ListeningApp {
  app: AppInstance;
  port: number;
  close(): Promise<void>;
}

export async function listenTestApp(
  database: Database,
  options: {
    limits?: AppDeps['limits'];
    /** Extra environment for loadConfig, e.g. TRUST_PROXY. */
    env?: Record<string, string>;
    /** Adds routes a test needs before the app is ready. */
    beforeReady?: (app: AppInstance) => void;
  } = {},
): Promise<ListeningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-listen-'));
  const config = loadConfig(testEnv(dataDir, options.env));
  const app = await buildApp({ config, database, logger: false, limits: options.limits });
  options.beforeReady?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return {
    app,
    port: address.port,
    async close() {
      // Sockets a test left open must not hold the close up.
      app.server.closeAllConnections();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET a path from a given loopback source address; resolves the status or rejects. */
export function getFrom(
  port: number,
  pathname: string,
  localAddress = '127.0.0.1',
  timeoutMs = 5_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: pathname, localAddress, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/** Polls `check` until it holds or the deadline passes (never a fixed sleep). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
