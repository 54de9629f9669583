/**
 * The server as its own process (`src/server/main.ts` through tsx), for the crash tests: started,
 * killed with SIGKILL and started again on the same address, as an operator's process manager
 * would after a kill -9.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface ServerProcess {
  /** http://127.0.0.1:<port>, the same across restarts. */
  base: string;
  /** Starts the process and waits for /healthz (60 s at most). */
  start(): Promise<void>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** Kills the process if it runs (for a finally). */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `env`: the database, data folder and whatever the test needs on top of the defaults here. */
export async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';
  const kill = async () => {
    const running = child!;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    child = null;
  };
  return {
    base,
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: base,
          PAYMENT_PROVIDER: 'simulator',
          WATCHDOG: 'false',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.stdout.on('data', (chunk) => (output += String(chunk)));
      started.stderr.on('data', (chunk) => (output += String(chunk)));
      child = started;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`server exited:\n${output}`);
        try {
          if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
        } catch {
          // not listening yet
        }
        await pause(100);
      }
      throw new Error(`server did not become healthy:\n${output}`);
    },
    kill,
    async stop() {
      if (child) await kill();
    },
  };
}
