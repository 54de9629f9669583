/**
 * GET /ws. A customer subscribes to an order and hears only its status; a staff socket
 * (session cookie at the handshake, kitchen/POS/admin roles) hears every order change.
 * Messages are checked with the shared schemas: garbage closes that socket, nothing else.
 * Limits (socket-limits.ts): a protocol heartbeat drops dead sockets, a silent socket is
 * closed, so is an anonymous one that never subscribes, one address holds a bounded number of
 * sockets, anonymous sockets all together leave a reserve for staff, and a flood closes its
 * socket.
 */
import type { WebSocket } from '@fastify/websocket';
import type { AppInstance } from '../../http/types.ts';
import { feature } from '../../http/feature.ts';
import { PerAddressCounter } from '../../http/connection-limits.ts';
import { roleMayAccess } from '#shared/auth/auth.schema.ts';
import {
  MENU_CHANGES_CHANNEL,
  SHOP_CHANGES_CHANNEL,
  WATCHDOG_CHANGES_CHANNEL,
  clientMessageSchema,
  type OrderEvent,
  type ServerMessage,
} from '#shared/realtime/events.ts';
import { sessionUser } from '../auth/index.ts';
import { eventsAfter } from './order-events.ts';
import { REALTIME_LIMITS, TokenBucket, type RealtimeLimits } from './socket-limits.ts';

/** A customer follows a few orders at most; more is abuse. */
const MAX_SUBSCRIPTIONS = 20;
/** A resume replays at most this many events; past it the client refetches (decision 008). */
export const MAX_REPLAYED_EVENTS = 200;
const MAX_MESSAGE_BYTES = 1024;
const POLICY_VIOLATION = 1008;
const GOING_AWAY = 1001;
/** RFC 6455 7.4.1 (IANA registry): "Try Again Later", the server is at capacity. */
const TRY_AGAIN_LATER = 1013;
/**
 * A peer has this long to answer our close before its socket is destroyed, so one that
 * keeps flooding after being closed is not read for ws's default 30 s.
 */
const CLOSE_GRACE_MS = 2_000;

/** Closes with a code and reason the client can read; destroys the socket if it lingers. */
function closeSocket(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.close(code, reason);
  const lingering = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
  lingering.unref();
  socket.once('close', () => clearTimeout(lingering));
}

interface Client {
  socket: WebSocket;
  /** False until the session is read: until then the socket hears no events. */
  joined: boolean;
  isStaff: boolean;
  /** The session's role may use the kitchen display. */
  mayUseKitchen: boolean;
  /** Said `kitchenDisplay` with kitchen access: counted as a connected kitchen display. */
  kitchenDisplay: boolean;
  /** Sent `subscribe`, `watch` or `resume`: it came for something (subscribeTimeoutMs). */
  subscribed: boolean;
  orders: Set<string>;
  /** Answered the last heartbeat ping (or has not been pinged yet). */
  alive: boolean;
  /** performance.now() of the last message: silence for the idle timeout closes the socket. */
  lastMessageAt: number;
  frames: TokenBucket;
  /** While a resume is replayed, live events wait here so the socket hears them in order. */
  held: OrderEvent[] | null;
}

/** This process's sockets, as other features use them (the kitchen watchdog, decision 023). */
export interface RealtimeSockets {
  connectedClients(): number;
  /** Kitchen displays connected to this process (the watchdog's presence). */
  kitchenDisplays(): number;
  /** Sends `watchdogChanged` to this process's staff sockets. */
  tellStaff(): void;
  /** The watchdog ticks early when a display comes or goes (decision 023). */
  onKitchenDisplaysChanged(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime feature's sockets (realtimeFeature). */
    realtime: RealtimeSockets;
  }
}

/**
 * The realtime feature's plugin (docs/decisions/029): GET /ws, and `app.realtime` for the
 * features that need this process's sockets. Shared, so that decorator is the app's; it adds no
 * request hooks.
 */
export const realtimeFeature = feature(
  'realtime',
  async (app: AppInstance, options: { limits?: Partial<RealtimeLimits> | undefined }) => {
    app.decorate('realtime', await realtimeRoutes(app, options.limits));
  },
  { shared: true },
);

async function realtimeRoutes(
  app: AppInstance,
  overrides: Partial<RealtimeLimits> = {},
): Promise<RealtimeSockets> {
  const { orderEvents: events } = app;
  const limits = { ...REALTIME_LIMITS, ...overrides };
  const clients = new Set<Client>();
  const perAddress = new PerAddressCounter(limits.socketsPerAddress);
  /** Joined sockets of all addresses: anonymous ones may not take the staff's reserve. */
  const joined = { staff: 0, anonymous: 0 };
  const anonymousShare = limits.socketsTotal - limits.staffSocketReserve;
  let reportedFull = false;

  const send = (client: Client, message: ServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  };

  /** Tells one socket about one event, as far as it may hear of it. */
  const tell = (client: Client, event: OrderEvent) => {
    if (client.isStaff) {
      send(client, {
        type: 'orderChanged',
        change: event.change,
        orderId: event.orderId,
        orderNumber: event.orderNumber,
        sequence: event.sequence,
      });
    }
    if (client.orders.has(event.orderId) && event.change !== 'deleted') {
      send(client, {
        type: 'statusUpdate',
        orderId: event.orderId,
        status: event.status,
        kitchenStatus: event.kitchenStatus,
        kitchenEstimatedTime: event.kitchenEstimatedTime,
        sequence: event.sequence,
      });
    }
  };

  events.onEvent((event: OrderEvent) => {
    for (const client of clients) {
      if (!client.joined) continue;
      if (client.held) client.held.push(event);
      else tell(client, event);
    }
  });

  /**
   * A reconnecting socket's `resume`: the events after the last one it saw, in order, then the
   * live ones that came meanwhile; or `refetch` when more were missed than are replayed.
   */
  const resume = async (client: Client, after: number) => {
    client.held = [];
    try {
      const { events: missed, oldestKept } = await eventsAfter(
        app.db,
        after,
        MAX_REPLAYED_EVENTS + 1,
      );
      const gap = oldestKept !== null && after < oldestKept - 1;
      if (missed.length > MAX_REPLAYED_EVENTS || gap) {
        send(client, { type: 'refetch' });
      } else {
        for (const event of missed) tell(client, event);
      }
      const last = missed.at(-1)?.sequence ?? after;
      for (const event of client.held) if (event.sequence > last) tell(client, event);
    } catch (error) {
      app.log.warn({ err: error }, 'could not replay missed events; asking for a refetch');
      send(client, { type: 'refetch' });
    } finally {
      client.held = null;
    }
  };

  // A peer that vanished without closing (a phone out of signal) misses a pong: it is
  // dropped at the next beat, so within two beats.
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, limits.heartbeatEveryMs);
  // Checked four times per timeout: a silent socket is closed within 1.25 timeouts.
  // NOTE: only messages count; browsers answer pings by themselves, even on a sleeping page.
  const idleSweep = setInterval(
    () => {
      const now = performance.now();
      for (const client of clients) {
        if (now - client.lastMessageAt >= limits.idleTimeoutMs)
          closeSocket(client.socket, GOING_AWAY, 'idle timeout');
      }
    },
    Math.max(1, Math.round(limits.idleTimeoutMs / 4)),
  );
  heartbeat.unref();
  idleSweep.unref();
  // Menu changes are not numbered or replayed: a screen that missed one refetches on its poll.
  const stopMenuChanges = await app.database.listen(MENU_CHANGES_CHANNEL, () => {
    for (const client of clients) if (client.joined) send(client, { type: 'menuChanged' });
  });
  // Pause and busy mode (decision 014): likewise; the shop-status poll is the fallback.
  const stopShopChanges = await app.database.listen(SHOP_CHANGES_CHANNEL, () => {
    for (const client of clients) if (client.joined) send(client, { type: 'shopChanged' });
  });
  // The kitchen watchdog (decision 023): staff screens refetch its state.
  const tellStaff = () => {
    for (const client of clients) {
      if (client.joined && client.isStaff) send(client, { type: 'watchdogChanged' });
    }
  };
  const stopWatchdogChanges = await app.database.listen(WATCHDOG_CHANGES_CHANNEL, tellStaff);
  /** Told when this process's count of kitchen displays may have changed. */
  let displaysChanged: () => void = () => {};
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(idleSweep);
    await stopMenuChanges();
    await stopShopChanges();
    await stopWatchdogChanges();
  });

  app.get('/ws', { websocket: true }, async (socket, request) => {
    // request.ip is the client's address behind a trusted proxy (TRUST_PROXY); injected test
    // sockets have none.
    const address = (request.ip as string | undefined) ?? 'unknown';
    if (!perAddress.tryOpen(address)) {
      if (perAddress.shouldReport(address)) {
        request.log.warn(
          { address, limit: limits.socketsPerAddress },
          'WebSocket limit reached: refusing further sockets from this address',
        );
      }
      return closeSocket(socket, POLICY_VIOLATION, 'too many connections');
    }
    const client: Client = {
      socket,
      joined: false,
      isStaff: false,
      mayUseKitchen: false,
      kitchenDisplay: false,
      subscribed: false,
      orders: new Set(),
      alive: true,
      lastMessageAt: performance.now(),
      frames: new TokenBucket(limits.messagesPerSecond, limits.messageBurst),
      held: null,
    };
    clients.add(client);
    const subscribeDeadline = setTimeout(() => {
      if (!client.subscribed && !client.isStaff) closeSocket(socket, GOING_AWAY, 'no subscription');
    }, limits.subscribeTimeoutMs);
    subscribeDeadline.unref();
    socket.on('close', () => {
      clearTimeout(subscribeDeadline);
      clients.delete(client);
      perAddress.close(address);
      if (client.kitchenDisplay) displaysChanged();
      if (!client.joined) return;
      if (client.isStaff) joined.staff -= 1;
      else joined.anonymous -= 1;
      if (joined.staff + joined.anonymous < anonymousShare) reportedFull = false;
    });
    // Every error is followed by 'close'.
    socket.on('error', (error) => request.log.debug({ err: error }, 'WebSocket error'));

    // Every frame is counted before anything is parsed, so a flood costs a subtraction each;
    // what arrives after our close is ignored.
    const frameAllowed = (): boolean => {
      if (socket.readyState !== socket.OPEN) return false;
      if (client.frames.take()) return true;
      closeSocket(socket, POLICY_VIOLATION, 'too many messages');
      return false;
    };
    socket.on('ping', frameAllowed);
    socket.on('pong', () => {
      client.alive = true;
      frameAllowed();
    });

    // Attach the handler first: messages may arrive while the session is being read.
    const pending: Buffer[] = [];
    const handle = (raw: Buffer) => {
      if (!client.joined) return void pending.push(raw);
      if (raw.length > MAX_MESSAGE_BYTES)
        return closeSocket(socket, POLICY_VIOLATION, 'message too large');
      let parsed;
      try {
        parsed = clientMessageSchema.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return closeSocket(socket, POLICY_VIOLATION, 'invalid message');
      const message = parsed.data;
      if (message.type === 'ping') return send(client, { type: 'pong' });
      if (message.type !== 'unsubscribe') client.subscribed = true;
      if (message.type === 'watch') return;
      if (message.type === 'kitchenDisplay') {
        const was = client.kitchenDisplay;
        client.kitchenDisplay = client.mayUseKitchen;
        if (client.kitchenDisplay !== was) displaysChanged();
        return;
      }
      if (message.type === 'unsubscribe') return void client.orders.delete(message.orderId);
      if (message.type === 'resume') return void resume(client, message.after);
      if (client.orders.size >= MAX_SUBSCRIPTIONS)
        return closeSocket(socket, POLICY_VIOLATION, 'too many subscriptions');
      client.orders.add(message.orderId);
    };
    socket.on('message', (data: Buffer) => {
      if (!frameAllowed()) return;
      client.lastMessageAt = performance.now();
      handle(data);
    });

    const user = await sessionUser(request, app).catch(() => null);
    // Closed while the session was read: 'close' has already forgotten it.
    if (socket.readyState !== socket.OPEN) return;
    const isStaff = Boolean(
      user && (roleMayAccess(user.role, 'kitchen') || roleMayAccess(user.role, 'pos')),
    );
    // The total (socket-limits.ts): staff may use every place, anonymous sockets all but the
    // reserve, so the kitchen display and the POS connect while strangers hold the rest.
    if (joined.staff + joined.anonymous >= (isStaff ? limits.socketsTotal : anonymousShare)) {
      if (!reportedFull) {
        reportedFull = true;
        request.log.warn(
          { total: limits.socketsTotal, reserve: limits.staffSocketReserve, ...joined },
          'WebSocket total reached: refusing anonymous sockets, keeping the reserve for staff',
        );
      }
      return closeSocket(socket, TRY_AGAIN_LATER, 'server busy');
    }
    client.isStaff = isStaff;
    client.mayUseKitchen = Boolean(user && roleMayAccess(user.role, 'kitchen'));
    client.joined = true;
    if (isStaff) joined.staff += 1;
    else joined.anonymous += 1;
    send(client, { type: 'hello', role: client.isStaff ? 'staff' : 'customer' });
    for (const raw of pending.splice(0)) {
      if (socket.readyState !== socket.OPEN) break;
      handle(raw);
    }
  });

  return {
    connectedClients: () => clients.size,
    kitchenDisplays: () => [...clients].filter((client) => client.kitchenDisplay).length,
    tellStaff,
    onKitchenDisplaysChanged: (listener: () => void) => {
      displaysChanged = listener;
    },
  };
}
