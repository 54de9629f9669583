/**
 * Sold out and back, and the shop's hours, on every delivery platform (decision 027): a
 * sold-out mark, its end, and a change of the hours are queued as `platform-availability` and
 * `platform-hours` outbox jobs (decision 008) in the change's own transaction, one job per
 * enabled platform, in the venue's serial queue (`<platform>:venue`, shared with the pause) so a
 * platform hears the changes in the order they were made, also after an outage. The change
 * queues them (platform-changes/platform-changes.ts); they are done here.
 *
 * A mark with an end is over by itself (decision 010: read, not run), so nothing would tell the
 * platforms. The end is kept in `platform_availability_returns` with the mark; a timer here
 * takes the ones that are due and queues the return, in one transaction, so each return is
 * queued once whichever instance sees it first.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  addonOptions,
  menuItems,
  platformAvailabilityReturns,
  platformSyncState,
  sauceOptions,
} from '../../db/schema.ts';
import {
  PLATFORM_NAMES,
  type Platform,
  type AvailabilityChange,
  type PlatformDrift,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { evaluateShopStatus, type WeekHours } from '#shared/shop-hours/shop-hours.ts';
import { getWeekHours, shopTimeZoneOf } from '../shop-hours/index.ts';
import type { JobOutcome, JobRunner, OutboundJob, OrderEvents } from '../realtime/index.ts';
import { getSettings, publicAddress } from '../settings/index.ts';
import { enabledPlatforms, queueAvailabilityChange } from '../platform-changes/index.ts';
import { PLATFORM_ADAPTERS, type ApiResult, type PlatformAdapter } from './platform-api.ts';
import { platformSettings } from './platform-inbox.service.ts';
import {
  differences,
  menuPushed,
  platformDrift,
  recordDrift,
  shopMenuFor,
  shouldBeOnline,
  type ShopMenu,
} from './platform-menu.ts';

/** How often due returns are looked for: well inside the 10 s a change may take (decision 027). */
const RETURNS_EVERY_MS = 1_000;
/** How often each platform is read back while the shop is open (decision 027, amended). */
const DRIFT_EVERY_MS = 10 * 60_000;

const MARK_TABLES = { item: menuItems, sauce: sauceOptions, addon: addonOptions } as const;

/**
 * Queues the return of every mark whose end has passed at `now`, once: the rows are taken in
 * the transaction that queues the jobs. A mark changed since is not returned (its row was
 * replaced with it); a deleted item is not either. Returns how many jobs were queued.
 */
async function queueDueReturns(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .delete(platformAvailabilityReturns)
      .where(lte(platformAvailabilityReturns.returnsAt, now))
      .returning();
    let queued = 0;
    for (const row of due) {
      const table = MARK_TABLES[row.kind];
      const [mark] = await tx
        .select({ soldOut: table.soldOut, until: table.soldOutUntil })
        .from(table)
        .where(eq(table.id, row.itemId));
      if (!mark?.soldOut || mark.until?.getTime() !== row.returnsAt.getTime()) continue;
      queued += await queueAvailabilityChange(tx, {
        kind: row.kind,
        id: row.itemId,
        available: true,
      });
    }
    return queued;
  });
}

type SyncTopic = (typeof platformSyncState.$inferInsert)['topic'];

/** A change reached the platform (`error` null), or failed with `error`. */
async function recordSync(
  db: Db,
  platform: Platform,
  topic: SyncTopic,
  at: Date,
  error: string | null,
): Promise<void> {
  const set =
    error === null ? { lastSyncAt: at } : { lastErrorAt: at, lastError: error.slice(0, 300) };
  await db
    .insert(platformSyncState)
    .values({ platform, topic, ...set })
    .onConflictDoUpdate({ target: [platformSyncState.platform, platformSyncState.topic], set });
}

/** The delivery-platforms page's sync lines: the last change sent, the last failure. */
export async function platformSync(db: Db, platform: Platform, topic: SyncTopic) {
  const [row] = await db
    .select()
    .from(platformSyncState)
    .where(and(eq(platformSyncState.platform, platform), eq(platformSyncState.topic, topic)));
  return {
    lastSyncAt: row?.lastSyncAt ? row.lastSyncAt.toISOString() : null,
    lastError:
      row?.lastErrorAt && row.lastError
        ? { at: row.lastErrorAt.toISOString(), message: row.lastError }
        : null,
  };
}

/** The availability and hours jobs' handlers, and the timer that notices returns (decision 027). */
export class PlatformSyncJobs {
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private driftTimer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly events: OrderEvents,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(jobs: JobRunner): void {
    const gaveUp = (topic: SyncTopic) => async (job: OutboundJob, lastError: string) => {
      const platform = job.payload.platform as Platform;
      await recordSync(this.db, platform, topic, this.now(), `gave up: ${lastError}`);
    };
    jobs.handle('platform-availability', {
      run: (job) => {
        const { kind, id, available } = job.payload as AvailabilityChange;
        return this.send(job, 'availability', (api) =>
          api.setAvailability({ kind, id, available }),
        );
      },
      gaveUp: gaveUp('availability'),
    });
    jobs.handle('platform-hours', {
      run: (job) =>
        this.send(job, 'hours', (api) => api.setOpeningHours(job.payload.week as WeekHours)),
      gaveUp: gaveUp('hours'),
    });
    // Push menu (decision 027, amended): the menu as it was when pushed, kept once taken.
    jobs.handle('platform-menu', {
      run: async (job) => {
        const menu = job.payload.menu as ShopMenu;
        const outcome = await this.send(job, 'menu', (api) => api.pushMenu(menu));
        if (outcome === 'sent') {
          await menuPushed(this.db, job.payload.platform as Platform, menu, this.now());
        }
        return outcome;
      },
      gaveUp: gaveUp('menu'),
    });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), RETURNS_EVERY_MS);
    this.timer.unref();
    this.driftTimer = setInterval(() => void this.checkDriftWhileOpen(), DRIFT_EVERY_MS);
    this.driftTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.driftTimer) clearInterval(this.driftTimer);
    this.timer = null;
    this.driftTimer = null;
    await this.ticking;
    await this.checking?.catch(() => undefined);
  }

  /** The timer's drift check: each enabled platform, while the shop is open. */
  private async checkDriftWhileOpen(): Promise<void> {
    if (this.checking) return;
    try {
      const [hours, zone] = await Promise.all([
        getWeekHours(this.db),
        getSettings(this.db, ['shop_time_zone']),
      ]);
      const now = this.now();
      if (!evaluateShopStatus(hours, now, shopTimeZoneOf(zone.shop_time_zone)).isOpen) return;
      for (const platform of await enabledPlatforms(this.db)) await this.checkDrift(platform);
    } catch (error) {
      this.log.error({ err: error }, 'the platforms drift check failed');
    }
  }

  /**
   * Reads back what `platform` shows and keeps its differences from ours (decision 027,
   * amended); one check at a time.
   */
  async checkDrift(platform: Platform): Promise<PlatformDrift> {
    while (this.checking) await this.checking.catch(() => undefined);
    this.checking = (async () => {
      const settings = await platformSettings(this.db, platform);
      const at = this.now();
      if (
        !settings.apiKey ||
        !settings.venueId ||
        (platform === 'bolt' && !settings.integratorId)
      ) {
        await recordDrift(this.db, platform, at, {
          error: `${PLATFORM_NAMES[platform]} credentials are not set`,
        });
        return;
      }
      const api = PLATFORM_ADAPTERS[platform](this.config.platforms, settings);
      const read = await api.readBack();
      if (read.outcome !== 'ok') {
        await recordDrift(this.db, platform, at, { error: read.message });
        return;
      }
      const address = await publicAddress(this.db, this.config);
      const ours = await shopMenuFor(this.db, platform, address, at);
      await recordDrift(this.db, platform, at, {
        differences: differences(ours, read.shown, await shouldBeOnline(this.db, at)),
      });
    })();
    try {
      await this.checking;
    } finally {
      this.checking = null;
    }
    return platformDrift(this.db, platform);
  }

  /** Queues the returns that are due and wakes the dispatcher; one tick at a time. */
  tick(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        if ((await queueDueReturns(this.db, this.now())) > 0) this.events.wake();
      } catch (error) {
        this.log.error({ err: error }, 'looking for sold-out marks that ended failed');
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  /** One change to the platform, its outcome recorded for the page. */
  private async send(
    job: OutboundJob,
    topic: SyncTopic,
    call: (api: PlatformAdapter) => Promise<ApiResult>,
  ): Promise<JobOutcome> {
    const platform = job.payload.platform as Platform;
    const settings = await platformSettings(this.db, platform);
    if (!settings.enabled) return 'skipped';
    const failed = (message: string) => recordSync(this.db, platform, topic, this.now(), message);
    if (!settings.apiKey || !settings.venueId || (platform === 'bolt' && !settings.integratorId)) {
      const error = `${PLATFORM_NAMES[platform]} credentials are not set; ${topic} not sent yet`;
      await failed(error);
      return { retry: error };
    }
    const result = await call(PLATFORM_ADAPTERS[platform](this.config.platforms, settings));
    switch (result.outcome) {
      case 'ok':
        await recordSync(this.db, platform, topic, this.now(), null);
        return 'sent';
      case 'retry':
        await failed(`${result.message} (retrying)`);
        return { retry: result.message };
      case 'conflict':
      case 'failed':
        await failed(`refused: ${result.message}`);
        return `refused: ${result.message}`.slice(0, 500);
    }
  }
}
