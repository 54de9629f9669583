/**
 * Order events fan out through PostgreSQL NOTIFY, so every app instance on the same
 * database hears every change and tells its own sockets (PGlite: within the process).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Unlisten } from '../../db/client.ts';
import {
  ORDER_EVENTS_CHANNEL,
  orderEventSchema,
  type OrderEvent,
} from '#shared/realtime/events.ts';

export type OrderEventListener = (event: OrderEvent) => void;

export class OrderEvents {
  private listeners = new Set<OrderEventListener>();
  private unlisten: Unlisten | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(ORDER_EVENTS_CHANNEL, (payload) => {
      let event: OrderEvent;
      try {
        event = orderEventSchema.parse(JSON.parse(payload));
      } catch (error) {
        this.log.warn({ err: error }, 'ignored a malformed order event');
        return;
      }
      for (const listener of this.listeners) listener(event);
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.listeners.clear();
  }

  onEvent(listener: OrderEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Call after the change is committed, so a listener that refetches sees it. */
  async publish(event: OrderEvent): Promise<void> {
    try {
      await this.database.notify(ORDER_EVENTS_CHANNEL, JSON.stringify(event));
    } catch (error) {
      // Live updates are a convenience on top of polling; a failed notify must not fail the change.
      this.log.error({ err: error, orderId: event.orderId }, 'could not publish an order event');
    }
  }
}
