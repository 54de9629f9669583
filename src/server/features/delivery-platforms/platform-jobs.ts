/**
 * The outbox's work for the delivery platforms (decision 017), run by the dispatcher with its
 * retries and back-off (decision 008): processing a stored webhook event, each call a kitchen
 * step owes the platform, and pausing or resuming the venue. A 409 from Wolt means "already
 * done or not allowed": the order is fetched again to tell which. Bolt documents no read of an
 * order's state, so its 409 is shown as a refusal. A failure is written on the order's kitchen
 * card and in the status panel, never dropped.
 */
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders, platformEvents } from '../../db/schema.ts';
import {
  PLATFORM_NAMES,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { JobOutcome, JobRunner, OutboundJob, OrderEvents } from '../realtime/index.ts';
import { PLATFORM_ADAPTERS, type ApiResult, type PlatformAdapter } from './platform-api.ts';
import { mapBoltOrder } from './bolt-order-mapping.ts';
import { mapWoltOrder, woltNotificationSchema } from './wolt-order-mapping.ts';
import {
  cancelReceived,
  markEvent,
  platformSettings,
  type PlatformSettings,
} from './platform-inbox.service.ts';
import {
  cancelByPlatform,
  findPlatformOrderRow,
  placeMappedOrder,
  setPlatformError,
  type PlatformCallPayload,
} from './platform-orders.service.ts';
import { UnplaceablePlatformOrder, type MappedPlatformOrder } from './platform-order.ts';

const INBOX_KEEP_MS = 30 * 24 * 60 * 60_000;

type Processed =
  | { outcome: 'processed'; orderId?: string | null }
  | { outcome: 'retry'; error: string }
  | { outcome: 'failed'; error: string };

export class PlatformJobs {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly events: OrderEvents,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(jobs: JobRunner): void {
    jobs.handle('platform-event', { run: (job) => this.processEvent(job) });
    jobs.handle('platform-call', {
      run: (job) => this.runCall(job),
      gaveUp: async (job, lastError) => {
        if (job.orderId) await this.showError(job.orderId, `gave up: ${lastError}`);
      },
    });
    jobs.handle('platform-venue', { run: (job) => this.runVenue(job) });
    // The inbox keeps 30 days: enough to look back on a dispute, not a store of bodies.
    jobs.sweepAlso(async () => {
      await this.db
        .delete(platformEvents)
        .where(lt(platformEvents.receivedAt, new Date(Date.now() - INBOX_KEEP_MS)));
    });
  }

  /** The platform's calls (platform-api.ts), with its saved credentials. */
  private api(platform: Platform, settings: PlatformSettings): PlatformAdapter {
    return PLATFORM_ADAPTERS[platform](this.config.platforms, settings);
  }

  // ------------------------------------------------------------------ webhook events

  private async processEvent(job: OutboundJob): Promise<JobOutcome> {
    const eventId = Number(job.payload.eventId);
    const [event] = await this.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.id, eventId));
    if (!event) return 'gone';
    if (event.status === 'processed') return 'skipped';
    let result: Processed;
    try {
      result =
        event.platform === 'wolt' ? await this.processWolt(event) : await this.processBolt(event);
    } catch (error) {
      // A body that verified but does not map (a shape we do not know) will not map later;
      // anything else (the database, say) may pass on a later try.
      result = isPermanent(error)
        ? { outcome: 'failed', error: errorText(error) }
        : { outcome: 'retry', error: errorText(error) };
    }
    if (result.outcome === 'processed') {
      await markEvent(this.db, eventId, {
        status: 'processed',
        orderId: result.orderId ?? null,
      });
      this.events.wake();
      return 'processed';
    }
    await markEvent(this.db, eventId, {
      status: 'failed',
      error: result.outcome === 'retry' ? `${result.error} (retrying)` : result.error,
    });
    if (result.outcome === 'retry') return { retry: result.error };
    this.log.warn({ eventId, platform: event.platform }, 'a platform event failed');
    return 'failed';
  }

  private async processWolt(event: typeof platformEvents.$inferSelect): Promise<Processed> {
    const notification = woltNotificationSchema.parse(JSON.parse(event.body));
    const settings = await platformSettings(this.db, 'wolt');
    const venueId = notification.order.venue_id;
    if (settings.venueId && venueId && venueId !== settings.venueId) {
      return { outcome: 'failed', error: `Venue ${venueId} is not this shop's Wolt venue.` };
    }
    const externalId = notification.order.id;
    // Test Webhook's sample (routes): signed like Wolt's, about no real order.
    if (event.isTest) return { outcome: 'processed' };
    if (notification.order.status.toUpperCase() === 'CANCELED') {
      const cancelled = await cancelByPlatform(this.db, 'wolt', externalId, this.now());
      return { outcome: 'processed', orderId: cancelled?.id ?? null };
    }
    // Notifications are triggers (§2.2): whatever the status, an order we do not have yet is
    // fetched as it is now; one we have needs nothing (re-sends, out-of-order steps).
    const existing = await findPlatformOrderRow(this.db, 'wolt', externalId);
    if (existing) return { outcome: 'processed', orderId: existing.id };
    if (!settings.apiKey) {
      return { outcome: 'retry', error: 'The Wolt API key is not set.' };
    }
    const fetched = await this.api('wolt', settings).fetchOrder(externalId);
    if (fetched.outcome !== 'ok') {
      return fetched.outcome === 'retry'
        ? { outcome: 'retry', error: fetched.message }
        : { outcome: 'failed', error: fetched.message };
    }
    return this.place('wolt', mapWoltOrder(fetched.body, event.receivedAt), settings, false);
  }

  private async processBolt(event: typeof platformEvents.$inferSelect): Promise<Processed> {
    const body = JSON.parse(event.body) as Record<string, unknown>;
    const settings = await platformSettings(this.db, 'bolt');
    const providerId = body.provider_id == null ? null : String(body.provider_id);
    if (settings.venueId && providerId && providerId !== settings.venueId) {
      return {
        outcome: 'failed',
        error: `Provider ${providerId} is not this shop's Bolt Food restaurant.`,
      };
    }
    const externalId = event.externalOrderId ?? '';
    switch (event.eventType) {
      case 'sendNewOrder':
        // Bolt does not promise the order of its webhooks: a cancel that came first means the
        // order is over before it began, so none is made (decision 017, Processing).
        if (await cancelReceived(this.db, 'bolt', externalId)) {
          return { outcome: 'processed', orderId: null };
        }
        return this.place('bolt', mapBoltOrder(body, event.receivedAt), settings, false);
      case 'sendCancelOrder': {
        const cancelled = await cancelByPlatform(this.db, 'bolt', externalId, this.now());
        return { outcome: 'processed', orderId: cancelled?.id ?? null };
      }
      default: {
        if (event.isTest) return { outcome: 'processed' };
        const existing = await findPlatformOrderRow(this.db, 'bolt', externalId);
        return { outcome: 'processed', orderId: existing?.id ?? null };
      }
    }
  }

  private async place(
    platform: Platform,
    mapped: MappedPlatformOrder,
    settings: PlatformSettings,
    isTest: boolean,
  ): Promise<Processed> {
    if (mapped.state !== 'open') {
      const existing = await findPlatformOrderRow(this.db, platform, mapped.externalId);
      return { outcome: 'processed', orderId: existing?.id ?? null };
    }
    const order = await placeMappedOrder(
      this.db,
      platform,
      mapped,
      { isTest, autoAccept: settings.autoAccept },
      this.events,
    );
    return { outcome: 'processed', orderId: order.id };
  }

  // ------------------------------------------------------------------ calls for kitchen steps

  private async runCall(job: OutboundJob): Promise<JobOutcome> {
    const call = job.payload as PlatformCallPayload;
    const [order] = job.orderId
      ? await this.db.select().from(orders).where(eq(orders.id, job.orderId))
      : [];
    if (!order?.externalId) return 'gone';
    if (order.isTest) return 'skipped';
    const name = PLATFORM_NAMES[call.platform];
    const settings = await platformSettings(this.db, call.platform);
    if (!settings.apiKey || (call.platform === 'bolt' && !settings.integratorId)) {
      const error = `${name} credentials are not set; ${call.action} not sent yet`;
      await this.showError(order.id, error);
      return { retry: error };
    }
    const api = this.api(call.platform, settings);
    const result = await sendStep(api, order.externalId, call);
    switch (result.outcome) {
      case 'ok':
        await this.showError(order.id, null);
        return 'sent';
      case 'conflict': {
        // The platform's state is read again and decides (Wolt). Bolt documents no read of an
        // order's state (integrations.md §3), so its 409 cannot be told from a refusal: it is
        // shown as one on the kitchen card (decision 017), where staff can check Bolt's tablet.
        const done = await api.stepDone(order.externalId, call.action);
        if (done) {
          await this.showError(order.id, null);
          return 'already done';
        }
        await this.showError(order.id, `${call.action} refused: ${result.message}`);
        return 'refused';
      }
      case 'retry':
        await this.showError(order.id, `${call.action} not sent yet (${result.message}); retrying`);
        return { retry: result.message };
      case 'failed':
        await this.showError(order.id, `${call.action} refused: ${result.message}`);
        return `refused: ${result.message}`.slice(0, 500);
    }
  }

  private async showError(orderId: string, error: string | null) {
    await setPlatformError(this.db, orderId, error === null ? null : error.slice(0, 300));
    this.events.wake();
  }

  // ------------------------------------------------------------------ venue pause

  private async runVenue(job: OutboundJob): Promise<JobOutcome> {
    const platform = job.payload.platform as Platform;
    const online = job.payload.online === true;
    const until = typeof job.payload.until === 'string' ? new Date(job.payload.until) : null;
    const settings = await platformSettings(this.db, platform);
    if (!settings.enabled) return 'skipped';
    if (!settings.apiKey || !settings.venueId) {
      return { retry: `${PLATFORM_NAMES[platform]} credentials are not set` };
    }
    const result = await this.api(platform, settings).setVenueOnline(online, until);
    if (result.outcome === 'ok' || result.outcome === 'conflict') return 'sent';
    if (result.outcome === 'retry') return { retry: result.message };
    return `refused: ${result.message}`.slice(0, 500);
  }
}

/** The call a kitchen step owes the platform (decision 017, Kitchen steps owe calls). */
function sendStep(
  api: PlatformAdapter,
  externalId: string,
  call: PlatformCallPayload,
): Promise<ApiResult> {
  switch (call.action) {
    case 'accept':
      return api.accept(externalId, call.adjustedPickupTime ?? null);
    case 'reject':
      return api.reject(externalId, call.code ?? 'GENERIC', call.reason ?? '');
    case 'ready':
      return api.ready(externalId);
    case 'delivered':
      return api.delivered(externalId);
  }
}

function isPermanent(error: unknown): boolean {
  if (error instanceof SyntaxError || error instanceof UnplaceablePlatformOrder) return true;
  if (error && typeof error === 'object') {
    if ('issues' in error) return true;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return true;
  }
  return false;
}

function errorText(error: unknown): string {
  if (error instanceof UnplaceablePlatformOrder)
    return `Not an order we can take: ${error.message}`;
  if (error && typeof error === 'object' && 'issues' in error) {
    return `Not an order we can read: ${String((error as unknown as Error).message).slice(0, 300)}`;
  }
  return error instanceof Error ? error.message.slice(0, 300) : String(error);
}
