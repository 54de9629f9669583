/**
 * HTTP connection limits (connection-limits.ts, docs/operations.md "Limits"): one address
 * cannot hold more than its share of connections, all addresses together cannot hold more than
 * the total (sized from the descriptor limit) nor keep a new client out, and silent or
 * trickling clients are cut. Real sockets on loopback; 127.0.0.x stand for other clients.
 */
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database.ts';
import {
  getFrom,
  listenTestApp,
  waitFor,
  type ListeningApp,
} from '../../../tests/setup/listening-app.ts';
import { descriptorLimit, totalsForDescriptors, trustedProxyCheck } from './connection-limits.ts';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase?.destroy();
});

interface IdleSocket {
  socket: net.Socket;
  received: string;
  closed: boolean;
}

/** Opens `count` sockets that never send a byte, 50 at a time (the listen backlog is finite). */
async function openIdleSockets(
  port: number,
  count: number,
  localAddress = '127.0.0.1',
): Promise<IdleSocket[]> {
  const sockets: IdleSocket[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from(
      { length: Math.min(50, count - start) },
      () =>
        new Promise<IdleSocket>((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port, localAddress });
          const entry: IdleSocket = { socket, received: '', closed: false };
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => (entry.received += chunk));
          // A refused socket is reset: that is the point, not a failure.
          socket.on('error', () => undefined);
          socket.on('close', () => {
            entry.closed = true;
            resolve(entry);
          });
          socket.once('connect', () => resolve(entry));
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

const openCount = (sockets: IdleSocket[]) => sockets.filter((entry) => !entry.closed).length;

describe('open connections per address (production cap)', () => {
  let server: ListeningApp;
  beforeAll(async () => {
    // The cap is the production default; long timeouts so no idle socket is reaped meanwhile.
    server = await listenTestApp(testDatabase.database, {
      limits: { http: { headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps 200 of 1,000 idle sockets from one address and serves everyone else', async () => {
    const idle = await openIdleSockets(server.port, 1000);
    await waitFor(() => idle.length - openCount(idle) >= 800, '800 sockets refused');

    // Another client is served meanwhile; the capped address is refused at once.
    expect(await getFrom(server.port, '/healthz', '127.0.0.2')).toBe(200);
    await expect(getFrom(server.port, '/healthz', '127.0.0.1')).rejects.toThrow();
    expect(openCount(idle)).toBe(200);

    // Once its idle sockets are gone, the address is served again.
    for (const entry of idle) entry.socket.destroy();
    await waitFor(
      async () => (await getFrom(server.port, '/healthz').catch(() => 0)) === 200,
      'the first address to be served again',
    );
  });
});

describe('open connections in total (cap 40 for the test)', () => {
  let server: ListeningApp;
  /** Requests to /test/hold wait until this is called. */
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  /** Requests now waiting in /test/hold: their connections are busy, not idle. */
  let holding = 0;
  beforeAll(async () => {
    server = await listenTestApp(testDatabase.database, {
      limits: {
        http: { connectionsTotal: 40, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 },
      },
      beforeReady: (app) => {
        app.get('/test/hold', async () => {
          holding += 1;
          try {
            await held;
          } finally {
            holding -= 1;
          }
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => {
    release();
    await server?.close();
  });

  const serverConnections = () =>
    new Promise<number>((resolve, reject) =>
      server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  it('holds at most 40 idle connections from 6 addresses, and a new client is still served', async () => {
    const idle: IdleSocket[] = [];
    try {
      for (let host = 2; host <= 7; host += 1)
        idle.push(...(await openIdleSockets(server.port, 10, `127.0.0.${host}`)));
      await waitFor(() => openCount(idle) <= 40, 'the total to hold 40');
      // The longest idle made room for the newer ones: the first 20 are gone.
      expect(idle.slice(0, 20).every((entry) => entry.closed)).toBe(true);
      expect(openCount(idle)).toBe(40);

      // A new client (the kitchen display, the POS, a customer) takes an idle one's place.
      expect(await getFrom(server.port, '/healthz', '127.0.0.20')).toBe(200);
      expect(await getFrom(server.port, '/healthz', '127.0.0.21')).toBe(200);
      expect(await serverConnections()).toBeLessThanOrEqual(40);
    } finally {
      for (const entry of idle) entry.socket.destroy();
    }
  });

  it('refuses a new connection while all 40 are busy, and serves it once one is free', async () => {
    await waitFor(async () => (await serverConnections()) === 0, 'the last test to let go');
    const answers = Array.from({ length: 40 }, (_, index) =>
      getFrom(server.port, '/test/hold', `127.0.0.${2 + (index % 4)}`, 30_000),
    );
    // Busy once each request has reached its handler: a connection whose request has not been
    // read yet is idle, and the cap would close it for the newcomer (a busy machine, CI).
    await waitFor(() => holding === 40, '40 requests in flight');
    expect(await serverConnections()).toBe(40);
    await expect(getFrom(server.port, '/healthz', '127.0.0.20')).rejects.toThrow();
    expect(await serverConnections()).toBe(40);

    release();
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 40 }, () => 200));
    held = new Promise<void>((resolve) => (release = resolve));
    expect(await getFrom(server.port, '/healthz', '127.0.0.20')).toBe(200);
  });
});

describe('the totals follow the file-descriptor limit', () => {
  it('reads the soft limit of open files from /proc/self/limits', () => {
    const limits = [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             63704                63704                processes ',
      'Max open files            20000                20000                files     ',
    ].join('\n');
    expect(descriptorLimit(() => limits)).toBe(20_000);
    expect(descriptorLimit(() => limits.replace('20000                20000', '1024 4096'))).toBe(
      1024,
    );
    expect(descriptorLimit(() => 'nothing here')).toBeNull();
    expect(
      descriptorLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
  });

  const table: [limit: number, connections: number, sockets: number, staffReserve: number][] = [
    [20_000, 5_000, 4_000, 100],
    [1_048_576, 5_000, 4_000, 100],
    [4_096, 2_048, 1_638, 100],
    [1_024, 512, 409, 40],
    [256, 128, 102, 10],
  ];
  it.each(table)(
    'a limit of %i descriptors: %i connections, %i WebSockets, %i kept for staff',
    (limit, connectionsTotal, socketsTotal, staffSocketReserve) => {
      expect(totalsForDescriptors(limit)).toEqual({
        connectionsTotal,
        socketsTotal,
        staffSocketReserve,
      });
    },
  );

  it('Node raises its soft limit to the hard one, whatever the shell set', () => {
    const script = [
      'ulimit -Sn 256 || exit 3',
      `exec "${process.execPath}" -e "process.stdout.write(require('fs').readFileSync('/proc/self/limits','utf8'))"`,
    ].join('\n');
    const run = spawnSync('sh', ['-c', script], { encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(0);
    const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(run.stdout);
    expect(line).not.toBeNull();
    expect(line![1]).toBe(line![2]);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let server: ListeningApp;
  beforeAll(async () => {
    server = await listenTestApp(testDatabase.database, {
      env: { TRUST_PROXY: '1' },
      limits: { http: { headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('does not cap the proxy, which carries every client', async () => {
    const idle = await openIdleSockets(server.port, 250);
    expect(await getFrom(server.port, '/healthz')).toBe(200);
    expect(openCount(idle)).toBe(250);
    for (const entry of idle) entry.socket.destroy();
  });

  it('recognises the proxies TRUST_PROXY names, and only those', () => {
    expect(trustedProxyCheck(false)('127.0.0.1')).toBe(false);
    expect(trustedProxyCheck(1)('203.0.113.7')).toBe(true);
    const isProxy = trustedProxyCheck(['10.0.0.1', '192.0.2.0/24', 'loopback']);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '192.0.2.77', '127.0.0.5', '::1'].map(isProxy)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.2', '192.0.3.1', '2001:db8::1'].map(isProxy)).toEqual([false, false, false]);
  });
});

describe('slow and silent clients (short timeouts)', () => {
  let server: ListeningApp;
  beforeAll(async () => {
    server = await listenTestApp(testDatabase.database, {
      limits: {
        http: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, timeoutCheckEveryMs: 100 },
      },
      beforeReady: (app) => {
        app.post('/test/slow-body', async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 408 to a socket that sends no request, and closes it', async () => {
    const idle = await openIdleSockets(server.port, 3);
    await waitFor(() => openCount(idle) === 0, 'the silent sockets to be closed');
    for (const entry of idle) expect(entry.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts a request whose body trickles in at a byte per second', async () => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: server.port });
    let received = '';
    let closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = true));
    socket.write(
      'POST /test/slow-body HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 1_000);
    try {
      await waitFor(() => closed, 'the trickling request to be cut', 12_000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // The body would have needed 100 s; the request timeout (2 s) ended it.
    expect(Date.now() - started).toBeLessThan(12_000);
    // A prompt request is still served under the same timeouts.
    expect(await getFrom(server.port, '/healthz')).toBe(200);
  });
});
