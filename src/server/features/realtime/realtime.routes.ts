/**
 * GET /ws. A customer subscribes to an order and hears only its status; a staff socket
 * (session cookie at the handshake, kitchen/POS/admin roles) hears every order change.
 * Messages are checked with the shared schemas: garbage closes that socket, nothing else.
 */
import type { WebSocket } from '@fastify/websocket';
import type { AppContext, AppInstance } from '../../http/types.ts';
import { roleMayAccess } from '#shared/auth/auth.schema.ts';
import {
  clientMessageSchema,
  type OrderEvent,
  type ServerMessage,
} from '#shared/realtime/events.ts';
import { sessionUser } from '../auth/access.ts';
import type { OrderEvents } from './order-events.ts';

/** A customer follows a few orders at most; more is abuse. */
const MAX_SUBSCRIPTIONS = 20;
const MAX_MESSAGE_BYTES = 1024;
const POLICY_VIOLATION = 1008;

interface Client {
  socket: WebSocket;
  isStaff: boolean;
  orders: Set<string>;
}

export async function realtimeRoutes(app: AppInstance, context: AppContext, events: OrderEvents) {
  const clients = new Set<Client>();

  const send = (client: Client, message: ServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  };

  events.onEvent((event: OrderEvent) => {
    for (const client of clients) {
      if (client.isStaff) {
        send(client, {
          type: 'orderChanged',
          change: event.change,
          orderId: event.orderId,
          orderNumber: event.orderNumber,
        });
      }
      if (client.orders.has(event.orderId) && event.change !== 'deleted') {
        send(client, {
          type: 'statusUpdate',
          orderId: event.orderId,
          status: event.status,
          kitchenStatus: event.kitchenStatus,
          kitchenEstimatedTime: event.kitchenEstimatedTime,
        });
      }
    }
  });

  app.get('/ws', { websocket: true }, async (socket, request) => {
    // Attach the handler first: messages may arrive while the session is being read.
    const pending: Buffer[] = [];
    let client: Client | null = null;
    const handle = (raw: Buffer) => {
      if (!client) return void pending.push(raw);
      if (raw.length > MAX_MESSAGE_BYTES)
        return socket.close(POLICY_VIOLATION, 'message too large');
      let parsed;
      try {
        parsed = clientMessageSchema.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return socket.close(POLICY_VIOLATION, 'invalid message');
      const message = parsed.data;
      if (message.type === 'ping') return send(client, { type: 'pong' });
      if (message.type === 'unsubscribe') return void client.orders.delete(message.orderId);
      if (client.orders.size >= MAX_SUBSCRIPTIONS)
        return socket.close(POLICY_VIOLATION, 'too many subscriptions');
      client.orders.add(message.orderId);
    };
    socket.on('message', (data: Buffer) => handle(data));

    const user = await sessionUser(request, context).catch(() => null);
    const isStaff = Boolean(
      user && (roleMayAccess(user.role, 'kitchen') || roleMayAccess(user.role, 'pos')),
    );
    client = { socket, isStaff, orders: new Set() };
    clients.add(client);
    const joined = client;
    socket.on('close', () => clients.delete(joined));
    socket.on('error', () => clients.delete(joined));
    send(client, { type: 'hello', role: isStaff ? 'staff' : 'customer' });
    for (const raw of pending.splice(0)) handle(raw);
  });

  return { connectedClients: () => clients.size };
}
