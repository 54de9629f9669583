import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { PaymentProvider } from '../lib/payment-provider.ts';
import type { OrderEvents } from '../features/realtime/order-events.ts';
import type { JobRunner } from '../features/realtime/job-runner.ts';
import type { PushEndpointCheck } from '../lib/push-endpoint-check.ts';
import type { PublicCache } from './public-cache.ts';

/** The Fastify instance with zod schemas typing every handler. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What every feature gets from the app (docs/decisions/029): decorated on the root instance
 * before any feature registers, so every feature's encapsulated plugin sees them as `app.db`,
 * `app.config`, … Services still take what they need as arguments; routes pass it from here.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The clock; tests set it to check opening hours. */
    now: () => Date;
    paymentProvider: PaymentProvider;
    /** Live order events across instances (LISTEN/NOTIFY; tests flush it). */
    orderEvents: OrderEvents;
    /** The outbox's outbound jobs: each feature registers its kinds' handlers with it. */
    jobs: JobRunner;
    /**
     * Public reads from memory, dropped on every change (http/public-cache.ts). Tests that write
     * straight into the database (factories) clear it, as an admin's change through the API would.
     */
    publicCache: PublicCache;
    /** Where Web Pushes may go (features/push/push-endpoint.ts; AppDeps.checkPushEndpoint). */
    checkPushEndpoint: PushEndpointCheck;
  }
}
