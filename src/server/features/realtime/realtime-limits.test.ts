/**
 * /ws limits (socket-limits.ts, docs/operations.md "Limits"): a silent socket is closed after
 * the idle timeout while a pinging one stays, an anonymous socket that never subscribes is
 * closed, a socket that does not answer the heartbeat is dropped, one address holds a bounded
 * number of sockets, anonymous sockets of all addresses together leave a reserve that signed-in
 * staff still get, and a flood closes only the flooder. Real sockets on loopback; 127.0.0.x
 * stand for other clients.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database.ts';
import {
  getFrom,
  listenTestApp,
  waitFor,
  type ListeningApp,
} from '../../../../tests/setup/listening-app.ts';
import { createStaffUser, signIn } from '../../../../tests/factories/staff.ts';
import type { RealtimeLimits } from './socket-limits.ts';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase?.destroy();
});

/** An app whose /ws has these limits (the rest are the production defaults). */
function useRealtimeApp(realtime: Partial<RealtimeLimits> = {}) {
  const state: { server?: ListeningApp } = {};
  beforeAll(async () => {
    state.server = await listenTestApp(testDatabase.database, { limits: { realtime } });
  });
  afterAll(async () => {
    await state.server?.close();
  });
  return () => state.server!;
}

interface Client {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  /** Set once closed: the code and reason the server gave (1006: dropped without one). */
  closed: { code: number; reason: string; at: number } | null;
}

/** Opens a socket; resolves once the server greeted it or closed it. */
async function connect(
  port: number,
  options: { localAddress?: string; autoPong?: boolean; cookie?: string } = {},
): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
    localAddress: options.localAddress ?? '127.0.0.1',
    autoPong: options.autoPong ?? true,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const client: Client = { socket, messages: [], closed: null };
  socket.on('message', (data) => {
    client.messages.push(JSON.parse(String(data)) as Record<string, unknown>);
  });
  socket.on('error', () => undefined);
  socket.on('close', (code, reason) => {
    client.closed = { code, reason: reason.toString(), at: Date.now() };
  });
  await waitFor(
    () => client.closed !== null || client.messages.some((message) => message.type === 'hello'),
    'the greeting',
  );
  return client;
}

const greeted = (client: Client) =>
  client.closed === null && client.messages.some((message) => message.type === 'hello');
const pongs = (client: Client) => client.messages.filter((message) => message.type === 'pong');

describe('idle close', () => {
  const server = useRealtimeApp({ idleTimeoutMs: 2_000 });

  it('closes a silent socket after the idle timeout (1001), and keeps one that pings', async () => {
    const opened = Date.now();
    const silent = await connect(server().port);
    const talking = await connect(server().port);
    const pinger = setInterval(() => talking.socket.send(JSON.stringify({ type: 'ping' })), 250);
    try {
      await waitFor(() => silent.closed !== null, 'the silent socket to be closed');
      expect(silent.closed).toMatchObject({ code: 1001, reason: 'idle timeout' });
      expect(silent.closed!.at - opened).toBeGreaterThanOrEqual(1_900);
      // Twice the timeout later the talking socket is still open and answered.
      await waitFor(() => Date.now() - opened > 4_000, 'two idle timeouts', 6_000);
      expect(talking.closed).toBeNull();
      expect(pongs(talking).length).toBeGreaterThan(3);
    } finally {
      clearInterval(pinger);
      talking.socket.close();
    }
  });
});

describe('sockets that never subscribe (timeout 1 s for the test)', () => {
  const server = useRealtimeApp({ subscribeTimeoutMs: 1_000 });

  it('closes an anonymous socket that sends no subscribe or watch (1001), pinging or not; keeps the others', async () => {
    const port = server().port;
    const kitchen = await signIn(
      testDatabase.database.db,
      await createStaffUser(testDatabase.database.db, { role: 'kitchen' }),
    );
    const opened = Date.now();
    const silent = await connect(port);
    const pinging = await connect(port);
    const following = await connect(port);
    following.socket.send(JSON.stringify({ type: 'subscribe', orderId: randomUUID() }));
    const watching = await connect(port);
    watching.socket.send(JSON.stringify({ type: 'watch' }));
    const staff = await connect(port, { cookie: kitchen });
    expect(staff.messages[0]).toEqual({ type: 'hello', role: 'staff' });
    const pinger = setInterval(() => pinging.socket.send(JSON.stringify({ type: 'ping' })), 200);
    try {
      await waitFor(
        () => silent.closed !== null && pinging.closed !== null,
        'the sockets without a subscription to be closed',
      );
      for (const client of [silent, pinging]) {
        expect(client.closed).toMatchObject({ code: 1001, reason: 'no subscription' });
        expect(client.closed!.at - opened).toBeGreaterThanOrEqual(900);
      }
      // Three timeouts later the others are still open.
      await waitFor(() => Date.now() - opened > 3_000, 'three timeouts', 5_000);
      for (const client of [following, watching, staff]) expect(client.closed).toBeNull();
    } finally {
      clearInterval(pinger);
      for (const client of [following, watching, staff]) client.socket.close();
    }
  });
});

describe('sockets in total (30 for the test, 5 kept for staff)', () => {
  const server = useRealtimeApp({ socketsTotal: 30, staffSocketReserve: 5 });

  it('refuses the 26th anonymous socket from any address with 1013; staff still connect, up to 30', async () => {
    const port = server().port;
    const db = testDatabase.database.db;
    const kitchen = await signIn(db, await createStaffUser(db, { role: 'kitchen' }));
    const admin = await signIn(db, await createStaffUser(db, { role: 'admin' }));

    // 25 anonymous sockets from five addresses, 5 each: well under the per-address cap.
    const strangers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        connect(port, { localAddress: `127.0.0.${2 + (index % 5)}` }),
      ),
    );
    expect(strangers.filter(greeted)).toHaveLength(25);

    // One more from a new address, or from one of theirs: refused cleanly, told why.
    for (const localAddress of ['127.0.0.9', '127.0.0.2']) {
      const extra = await connect(port, { localAddress });
      await waitFor(() => extra.closed !== null, 'the extra socket to be closed');
      expect(extra.closed).toMatchObject({ code: 1013, reason: 'server busy' });
      expect(extra.messages).toEqual([]);
    }

    // The kitchen display and the back office connect into the reserve.
    const screens = await Promise.all([
      connect(port, { localAddress: '127.0.0.9', cookie: kitchen }),
      connect(port, { localAddress: '127.0.0.10', cookie: admin }),
      connect(port, { localAddress: '127.0.0.9', cookie: kitchen }),
      connect(port, { localAddress: '127.0.0.9', cookie: kitchen }),
      connect(port, { localAddress: '127.0.0.10', cookie: admin }),
    ]);
    for (const screen of screens) {
      expect(greeted(screen)).toBe(true);
      expect(screen.messages[0]).toEqual({ type: 'hello', role: 'staff' });
    }
    // 30 open: even staff wait now.
    const sixth = await connect(port, { cookie: kitchen });
    await waitFor(() => sixth.closed !== null, 'the 31st socket to be closed');
    expect(sixth.closed).toMatchObject({ code: 1013, reason: 'server busy' });
    // Plain requests are still answered.
    expect(await getFrom(port, '/healthz', '127.0.0.11')).toBe(200);

    // A stranger leaving frees a place for staff, not for another stranger (29 >= 25).
    strangers[0]!.socket.close();
    await waitFor(() => strangers[0]!.closed !== null, 'the stranger to be gone');
    let screen: Client | undefined;
    await waitFor(async () => {
      screen?.socket.close();
      screen = await connect(port, { cookie: kitchen });
      return greeted(screen);
    }, 'a staff socket to be accepted again');
    screen!.socket.close();
    await waitFor(() => screen!.closed !== null, 'the screen to be gone');
    const anonymous = await connect(port, { localAddress: '127.0.0.12' });
    await waitFor(() => anonymous.closed !== null, 'the stranger to be refused');
    expect(anonymous.closed).toMatchObject({ code: 1013, reason: 'server busy' });

    for (const client of [...strangers, ...screens]) client.socket.close();
  });
});

describe('heartbeat', () => {
  const server = useRealtimeApp({ heartbeatEveryMs: 1_000 });

  it('drops a socket that does not answer pings, and keeps one that does', async () => {
    const deaf = await connect(server().port, { autoPong: false });
    const healthy = await connect(server().port);
    await waitFor(() => deaf.closed !== null, 'the deaf socket to be dropped');
    // Terminated without a close frame.
    expect(deaf.closed!.code).toBe(1006);
    expect(healthy.closed).toBeNull();
    healthy.socket.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => pongs(healthy).length === 1, 'a pong on the healthy socket');
    healthy.socket.close();
  });
});

describe('sockets per address (production cap: 50)', () => {
  const server = useRealtimeApp();

  it('refuses the 51st socket from one address with 1008, and not another address', async () => {
    const port = server().port;
    const first = await Promise.all(Array.from({ length: 50 }, () => connect(port)));
    expect(first.filter(greeted)).toHaveLength(50);

    const extra = await connect(port);
    await waitFor(() => extra.closed !== null, 'the extra socket to be closed');
    expect(extra.closed).toMatchObject({ code: 1008, reason: 'too many connections' });
    expect(extra.messages).toEqual([]);

    const elsewhere = await connect(port, { localAddress: '127.0.0.2' });
    expect(greeted(elsewhere)).toBe(true);

    // A closed socket frees its place.
    first[0]!.socket.close();
    let again: Client | undefined;
    await waitFor(async () => {
      again?.socket.close();
      again = await connect(port);
      return greeted(again);
    }, 'a socket from the first address to be accepted again');

    for (const client of [...first, elsewhere, again!]) client.socket.close();
  });
});

describe('message rate (production limit: 10/s, burst 40)', () => {
  const server = useRealtimeApp();

  it('closes a flooding socket with 1008 after the burst; the API and other sockets go on', async () => {
    const port = server().port;
    const bystander = await connect(port);
    const flooder = await connect(port);
    for (let index = 0; index < 1_000; index += 1)
      flooder.socket.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => flooder.closed !== null, 'the flooder to be closed');
    expect(flooder.closed).toMatchObject({ code: 1008, reason: 'too many messages' });
    // The burst was answered, the rest dropped unread.
    expect(pongs(flooder).length).toBeGreaterThanOrEqual(40);
    expect(pongs(flooder).length).toBeLessThan(100);

    expect(await getFrom(port, '/healthz')).toBe(200);
    bystander.socket.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => pongs(bystander).length === 1, 'a pong on the bystander');
    expect(bystander.closed).toBeNull();
    bystander.socket.close();
  });

  it('lets a burst of 40 through', async () => {
    const client = await connect(server().port);
    for (let index = 0; index < 40; index += 1)
      client.socket.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => pongs(client).length === 40, '40 pongs');
    expect(client.closed).toBeNull();
    client.socket.close();
  });
});
