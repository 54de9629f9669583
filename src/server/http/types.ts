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

/** What every feature's routes get: the database, the settings, and a clock tests can set. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  now: () => Date;
  paymentProvider: PaymentProvider;
  /** Live order events across instances (LISTEN/NOTIFY). */
  events: OrderEvents;
  /** Public reads from memory, dropped on every change (http/public-cache.ts). */
  publicCache: PublicCache;
  /** Where Web Pushes may go (features/push/push-endpoint.ts; AppDeps.checkPushEndpoint). */
  checkPushEndpoint: PushEndpointCheck;
}
