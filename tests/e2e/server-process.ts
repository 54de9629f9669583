/**
 * Starts the production build as its own process, the way `npm start` runs it, for
 * journeys that need a server of their own (a fresh first start, a test clock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  baseUrl: string;
  /** The server's DATA_DIR, so a later start can reuse its embedded database. */
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/**
 * `entry`: the built server to run, `dist/server/main.js` unless a test runs a copy of the
 * build (it then serves the client next to that copy).
 */
/**
 * The port of a spec's own server: E2E_PORT (4173 by default) plus `offset` (1 to 99, one per
 * server in the suite), so two runs started with E2E_PORTs 100 apart never share a port.
 */
export function runPort(offset: number): string {
  if (!Number.isInteger(offset) || offset < 1 || offset > 99)
    throw new RangeError(`offset ${offset}`);
  return String(Number(process.env.E2E_PORT ?? 4173) + offset);
}

export function spawnServer(
  env: Record<string, string>,
  { entry = 'dist/server/main.js' }: { entry?: string } = {},
): ServerProcess {
  const port = env.PORT ?? '0';
  const dataDir =
    env.DATA_DIR ??
    path.join(os.tmpdir(), `e2e-server-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // These journeys open no kitchen display: without this the kitchen watchdog (decision
      // 023) would pause online orders 3 minutes in. Its own spec turns it on.
      WATCHDOG: 'false',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function waitForHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${server.baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
