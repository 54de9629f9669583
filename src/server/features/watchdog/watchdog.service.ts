/**
 * The kitchen watchdog (decision 023). Every tick (5 s) one statement writes this instance's
 * count of kitchen displays (watchdog_presence) and reads back everything it decides on: the
 * displays connected to every live instance, the incident row (watchdog_state), the pause
 * setting and the paid orders now due an "untouched" alert. Only when something changes does
 * it write more, each transition under the incident row's lock (or a unique insert for an
 * order), so of several instances ticking together exactly one wins it: one push, one audit
 * row per incident, not one per instance or per tick.
 *
 * During opening hours:
 * - no display for displayGraceMs (30 s): push to the staff's devices, alert the screens;
 * - no display for kitchen_offline_pause_minutes (3): pause online ordering on every channel
 *   (pausedBy 'watchdog'; the platforms' venues through the outbox), unless already paused;
 * - a display back: the incident ends, and only the watchdog's own pause is lifted;
 * - a paid order untouched (below) for untouchedMs (2 min), or a Wolt/Bolt order still
 *   waiting for its accept platformLeadMs (60 s) before the platform's deadline: push, alert.
 * Outside opening hours nothing fires, and an open incident ends quietly (its pause lifted).
 *
 * "Untouched" (from the schema): payment_status 'paid', not deleted, not cancelled or
 * completed, kitchen_status null or 'pending' and kitchen_started_at null: the kitchen has
 * neither started nor (for a platform order) accepted it, since Start is what accepts.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WatchdogConfig } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { auditLog, onlineOrdering, watchdogOrderAlerts, watchdogState } from '../../db/schema.ts';
import {
  onlineOrderingAt,
  type OnlineOrderingRow,
} from '#shared/online-ordering/online-ordering.ts';
import { evaluateShopStatus } from '#shared/shop-hours/shop-hours.ts';
import { BASE_PREPARATION_MINUTES } from '#shared/online-ordering/online-ordering-rules.ts';
import { WATCHDOG_CHANGES_CHANNEL } from '#shared/realtime/events.ts';
import {
  PAUSE_AFTER_MINUTES_DEFAULT,
  watchdogSettingsSchema,
  type WatchdogAlert,
  type WatchdogAuditAction,
  type WatchdogStatus,
} from '#shared/watchdog/watchdog.schema.ts';
import { readShopStatusInputs, type ShopStatusInputs } from '../shop-hours/index.ts';
import { queueVenueStatus } from '../platform-changes/index.ts';
import { pushToStaff, type StaffPushPayload, checkPushEndpoint } from '../push/index.ts';
import type { PushEndpointCheck } from '../../lib/push-endpoint-check.ts';

const STATE_ID = 1;
/** An instance's presence row counts while it was written within this many ticks. */
const PRESENCE_TICKS = 3;
/** At least this long, so a busy event loop's late tick does not drop a live instance. */
const PRESENCE_MIN_MS = 15_000;
/** Orders older than this are not looked at (yesterday's leftovers are not an emergency). */
const ORDER_LOOKBACK_MS = 12 * 60 * 60_000;
/**
 * A scheduled order's latest start (decision 026): its pickup less the base preparation time.
 * The kitchen display moves it to New earlier for a big order; the alarm waits for this.
 */
const SCHEDULED_START_MS = BASE_PREPARATION_MINUTES.from * 60_000;
/** The shop hours are kept this long (and dropped on every shop change). */
const HOURS_KEPT_MS = 60_000;

export interface WatchdogDeps {
  database: Database;
  config: WatchdogConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Kitchen displays on this instance's sockets (realtime.routes.ts). */
  localDisplays: () => number;
  /** Tells this instance's staff sockets `watchdogChanged`. */
  tellStaff: () => void;
  /** After the watchdog paused or resumed: every instance's cache and sockets hear of it. */
  shopChanged: () => Promise<void>;
  /** Where its pushes may go (push/push-endpoint.ts); the real check unless given. */
  checkPushEndpoint?: PushEndpointCheck;
}

interface TickRow {
  displays: number;
  missing_since: number | null;
  display_alerted: boolean | null;
  paused_at: number | null;
  pause_minutes: string | null;
  due_orders: unknown;
}

interface DueOrder {
  id: string;
  orderNumber: number;
  orderSource: string;
  platformAcceptBy: string | null;
}

const iso = (date: Date) => date.toISOString();

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The setting's minutes, or the default when it is missing or unusable. */
function pauseMinutesOf(value: string | null | undefined): number {
  const parsed = watchdogSettingsSchema.safeParse({ pauseAfterMinutes: Number(value) });
  return parsed.success ? parsed.data.pauseAfterMinutes : PAUSE_AFTER_MINUTES_DEFAULT;
}

/**
 * The paid orders the kitchen has not touched (see the header), as a SQL condition on `o`.
 * NOTE: spelled out once; the tick and the status read both use it.
 */
const untouched = sql.raw(`o.deleted_at is null
  and o.payment_status = 'paid'
  and o.status not in ('cancelled', 'completed')
  and coalesce(o.kitchen_status, 'pending') = 'pending'
  and o.kitchen_started_at is null`);

export class Watchdog {
  readonly instanceId = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private pushes = new Set<Promise<unknown>>();
  private hours: { inputs: ShopStatusInputs; loadedAt: number } | null = null;
  private lastDisplays: number | null = null;
  private stopped = false;

  constructor(private readonly deps: WatchdogDeps) {}

  private get db(): Db {
    return this.deps.database.db;
  }

  /** Starts the timer (config.enabled); the first tick runs at once. */
  start(): void {
    if (!this.deps.config.enabled || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.deps.config.tickMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stops the timer and waits for the tick and the pushes under way; drops the presence row. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
    await this.settled();
    await this.db
      .execute(sql`delete from watchdog_presence where instance_id = ${this.instanceId}`)
      .catch(() => {});
  }

  /** The shop hours changed (or anything public): read them again next time. */
  forgetHours(): void {
    this.hours = null;
  }

  /** Pushes still being sent (tests wait for them). */
  async settled(): Promise<void> {
    while (this.pushes.size > 0) await Promise.allSettled([...this.pushes]);
  }

  /** One tick, after any tick under way; never throws (a failed tick is logged). */
  tick(): Promise<void> {
    this.chain = this.chain.then(() =>
      this.stopped
        ? undefined
        : this.runTick().catch((error: unknown) => {
            this.deps.log.error({ err: error }, 'kitchen watchdog tick failed');
          }),
    );
    return this.chain;
  }

  private async isOpen(now: Date): Promise<boolean> {
    if (!this.hours || performance.now() - this.hours.loadedAt > HOURS_KEPT_MS) {
      this.hours = { inputs: await readShopStatusInputs(this.db), loadedAt: performance.now() };
    }
    const { hours, timeZone } = this.hours.inputs;
    return evaluateShopStatus(hours, now, timeZone).isOpen;
  }

  private async runTick(): Promise<void> {
    const { config } = this.deps;
    const now = this.deps.now();
    const local = this.deps.localDisplays();
    const presenceMs = Math.max(PRESENCE_MIN_MS, config.tickMs * PRESENCE_TICKS);
    // The one statement of a quiet tick. A data-modifying CTE runs even when unreferenced; the
    // select sees the table as it was, so this instance's count is added from memory.
    const result = await this.db.execute(sql`
      with me as (
        insert into watchdog_presence (instance_id, kitchen_displays, seen_at)
        values (${this.instanceId}, ${local}, ${iso(now)}::timestamptz)
        on conflict (instance_id) do update
          set kitchen_displays = excluded.kitchen_displays, seen_at = excluded.seen_at
        returning 1
      )
      select
        (${local}::int + coalesce((
          select sum(p.kitchen_displays) from watchdog_presence p
          where p.instance_id <> ${this.instanceId}
            and p.seen_at > ${iso(new Date(now.getTime() - presenceMs))}::timestamptz
        ), 0))::int as displays,
        (extract(epoch from s.displays_missing_since) * 1000)::float8 as missing_since,
        s.display_alert_at is not null as display_alerted,
        (extract(epoch from s.paused_at) * 1000)::float8 as paused_at,
        (select value from settings where key = 'kitchen_offline_pause_minutes') as pause_minutes,
        (select coalesce(json_agg(json_build_object(
            'id', o.id,
            'orderNumber', o.order_number,
            'orderSource', o.order_source,
            'platformAcceptBy', o.platform_accept_by)), '[]')
          from orders o
          where ${untouched}
            and (o.created_at > ${iso(new Date(now.getTime() - ORDER_LOOKBACK_MS))}::timestamptz
              or o.pickup_at > ${iso(new Date(now.getTime() - ORDER_LOOKBACK_MS))}::timestamptz)
            and case
              when o.platform_accept_by is not null
                then o.platform_accept_by <= ${iso(new Date(now.getTime() + config.platformLeadMs))}::timestamptz
              -- A scheduled order (decision 026) is due from its latest start, its pickup less
              -- the base preparation time, not from when it was placed.
              when o.pickup_at is not null
                then o.pickup_at <= ${iso(new Date(now.getTime() + SCHEDULED_START_MS - config.untouchedMs))}::timestamptz
              else o.created_at <= ${iso(new Date(now.getTime() - config.untouchedMs))}::timestamptz
            end
            and not exists (select 1 from watchdog_order_alerts a where a.order_id = o.id)
        ) as due_orders
      from (select 1) as one
      left join watchdog_state s on s.id = ${STATE_ID}`);
    const row = rowsOf<TickRow>(result)[0]!;
    const displays = Number(row.displays);
    let changed = displays !== this.lastDisplays;
    this.lastDisplays = displays;
    const dueOrders = json<DueOrder[]>(row.due_orders) ?? [];
    const missingSince = row.missing_since === null ? null : Number(row.missing_since);

    // Nothing to decide: a display is connected, no incident is open, no order is due.
    const quiet = displays > 0 && missingSince === null && dueOrders.length === 0;
    if (!quiet) {
      const open = await this.isOpen(now);
      if (displays > 0 || !open) {
        if (missingSince !== null) {
          changed = (await this.endIncident(now, open ? 'back' : 'closed')) || changed;
        }
      } else if (missingSince === null) {
        changed = (await this.startIncident(now)) || changed;
      } else {
        const missingFor = now.getTime() - missingSince;
        if (!row.display_alerted && missingFor >= config.displayGraceMs) {
          changed = (await this.alertKitchenOffline(now)) || changed;
        }
        const pauseAfterMs = pauseMinutesOf(row.pause_minutes) * config.minuteMs;
        if (row.paused_at === null && missingFor >= pauseAfterMs) {
          changed = (await this.pauseForOfflineKitchen(now, pauseAfterMs)) || changed;
        }
      }
      if (open) {
        for (const order of dueOrders) changed = (await this.alertOrder(order, now)) || changed;
      }
    }
    if (changed) this.deps.tellStaff();
  }

  /** No display (in opening hours): the incident's clock starts. */
  private async startIncident(now: Date): Promise<boolean> {
    const started = await this.db
      .insert(watchdogState)
      .values({ id: STATE_ID, displaysMissingSince: now })
      .onConflictDoUpdate({
        target: watchdogState.id,
        set: { displaysMissingSince: now, displayAlertAt: null, pausedAt: null },
        setWhere: sql`${watchdogState.displaysMissingSince} is null`,
      })
      .returning({ id: watchdogState.id });
    return started.length > 0;
  }

  /** The grace passed: whoever sets display_alert_at first sends the one push. */
  private async alertKitchenOffline(now: Date): Promise<boolean> {
    const won = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(watchdogState)
        .set({ displayAlertAt: now })
        .where(
          sql`${watchdogState.id} = ${STATE_ID} and ${watchdogState.displayAlertAt} is null
            and ${watchdogState.displaysMissingSince} is not null`,
        )
        .returning({ since: watchdogState.displaysMissingSince });
      if (!updated) return null;
      const seconds = Math.round((now.getTime() - updated.since!.getTime()) / 1000);
      await audit(tx, now, 'watchdog.kitchen-offline', 'kitchen', `no display for ${seconds} s`);
      return updated;
    });
    if (!won) return false;
    this.push({
      title: 'Kitchen display offline',
      body: 'No kitchen display is connected. Check the kitchen tablet, or orders go unseen.',
      url: '/admin',
      tag: 'watchdog-kitchen-offline',
    });
    await this.deps.database.notify(WATCHDOG_CHANGES_CHANNEL, '').catch(() => {});
    return true;
  }

  /** Still no display after the setting's minutes: pause every channel, once per incident. */
  private async pauseForOfflineKitchen(now: Date, pauseAfterMs: number): Promise<boolean> {
    const outcome = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(watchdogState)
        .set({ pausedAt: now })
        .where(
          sql`${watchdogState.id} = ${STATE_ID} and ${watchdogState.pausedAt} is null
            and ${watchdogState.displaysMissingSince} <= ${iso(new Date(now.getTime() - pauseAfterMs))}::timestamptz`,
        )
        .returning({ id: watchdogState.id });
      if (!updated) return null;
      const [current] = await tx
        .select()
        .from(onlineOrdering)
        .where(eq(onlineOrdering.id, 1))
        .for('update');
      // Already paused by hand: that pause stays the owner's (the watchdog never lifts it).
      if (onlineOrderingAt(current as OnlineOrderingRow | undefined, now, 'UTC').paused) {
        return 'already';
      }
      const values = { pausedIndefinitely: true, pausedUntil: null, pausedBy: 'watchdog' as const };
      await tx
        .insert(onlineOrdering)
        .values({ id: 1, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: onlineOrdering.id, set: { ...values, updatedAt: now } });
      // The platforms' venues too (decision 017), through the outbox.
      await queueVenueStatus(tx, false, null);
      await audit(
        tx,
        now,
        'watchdog.paused',
        'online ordering',
        'no kitchen display: website, table, Wolt and Bolt paused',
      );
      return 'paused';
    });
    if (outcome === 'paused') await this.deps.shopChanged();
    return outcome !== null;
  }

  /**
   * A display is back (or the shop closed): the incident ends; the watchdog's own pause is
   * lifted, a pause by hand stays.
   */
  private async endIncident(now: Date, why: 'back' | 'closed'): Promise<boolean> {
    const outcome = await this.db.transaction(async (tx) => {
      const [state] = await tx
        .select()
        .from(watchdogState)
        .where(eq(watchdogState.id, STATE_ID))
        .for('update');
      if (!state?.displaysMissingSince) return null;
      await tx
        .update(watchdogState)
        .set({ displaysMissingSince: null, displayAlertAt: null, pausedAt: null })
        .where(eq(watchdogState.id, STATE_ID));
      if (why === 'back' && state.displayAlertAt) {
        const seconds = Math.round((now.getTime() - state.displaysMissingSince.getTime()) / 1000);
        await audit(tx, now, 'watchdog.kitchen-back', 'kitchen', `offline for ${seconds} s`);
      }
      const [current] = await tx
        .select()
        .from(onlineOrdering)
        .where(eq(onlineOrdering.id, 1))
        .for('update');
      if (current?.pausedBy !== 'watchdog') return 'ended';
      await tx
        .update(onlineOrdering)
        .set({ pausedIndefinitely: false, pausedUntil: null, pausedBy: null, updatedAt: now })
        .where(eq(onlineOrdering.id, 1));
      await queueVenueStatus(tx, true, null);
      await audit(
        tx,
        now,
        'watchdog.resumed',
        'online ordering',
        why === 'back' ? 'a kitchen display is back' : 'the shop closed',
      );
      return 'resumed';
    });
    if (outcome === 'resumed') await this.deps.shopChanged();
    if (outcome) await this.deps.database.notify(WATCHDOG_CHANGES_CHANNEL, '').catch(() => {});
    return outcome !== null;
  }

  /** An untouched order: whoever inserts its alert row sends the one push. */
  private async alertOrder(order: DueOrder, now: Date): Promise<boolean> {
    const platform =
      order.orderSource === 'wolt' ? 'Wolt' : order.orderSource === 'bolt' ? 'Bolt' : null;
    const won = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(watchdogOrderAlerts)
        .values({ orderId: order.id, alertedAt: now })
        .onConflictDoNothing()
        .returning({ orderId: watchdogOrderAlerts.orderId });
      if (inserted.length === 0) return false;
      await audit(
        tx,
        now,
        'watchdog.order-untouched',
        `order #${order.orderNumber}`,
        order.platformAcceptBy
          ? `${platform ?? order.orderSource} order not accepted; deadline ${order.platformAcceptBy}`
          : 'paid and not started',
      );
      return true;
    });
    if (!won) return false;
    this.push(
      order.platformAcceptBy
        ? {
            title: `${platform ?? 'Platform'} order #${order.orderNumber} not accepted`,
            body: `Accept it in the kitchen within a minute, or ${platform ?? 'the platform'} cancels it.`,
            url: '/admin',
            tag: `watchdog-order-${order.id}`,
          }
        : {
            title: `Order #${order.orderNumber} not started`,
            body: 'A paid order is waiting and the kitchen has not started it.',
            url: '/admin',
            tag: `watchdog-order-${order.id}`,
          },
    );
    await this.deps.database.notify(WATCHDOG_CHANGES_CHANNEL, '').catch(() => {});
    return true;
  }

  private push(payload: StaffPushPayload): void {
    const sending = pushToStaff(
      this.db,
      payload,
      this.deps.log,
      this.deps.checkPushEndpoint ?? checkPushEndpoint,
    ).finally(() => this.pushes.delete(sending));
    this.pushes.add(sending);
  }

  /** What the dashboard's and the POS's banner show (GET /api/admin/watchdog). */
  async status(): Promise<WatchdogStatus> {
    const now = this.deps.now();
    const presenceMs = Math.max(PRESENCE_MIN_MS, this.deps.config.tickMs * PRESENCE_TICKS);
    const result = await this.db.execute(sql`
      select
        (${this.deps.localDisplays()}::int + coalesce((
          select sum(p.kitchen_displays) from watchdog_presence p
          where p.instance_id <> ${this.instanceId}
            and p.seen_at > ${iso(new Date(now.getTime() - presenceMs))}::timestamptz
        ), 0))::int as displays,
        (select json_build_object('since', s.displays_missing_since, 'alertAt', s.display_alert_at)
          from watchdog_state s where s.id = ${STATE_ID}) as incident,
        (select paused_by from online_ordering where id = 1) as paused_by,
        (select value from settings where key = 'kitchen_offline_pause_minutes') as pause_minutes,
        (select coalesce(json_agg(json_build_object(
            'orderId', o.id,
            'orderNumber', o.order_number,
            'orderSource', o.order_source,
            'since', a.alerted_at) order by a.alerted_at), '[]')
          from watchdog_order_alerts a join orders o on o.id = a.order_id
          where ${untouched}) as orders`);
    const row = rowsOf<{
      displays: number;
      incident: unknown;
      paused_by: string | null;
      pause_minutes: string | null;
      orders: unknown;
    }>(result)[0]!;
    const incident = json<{ since: string | null; alertAt: string | null } | null>(row.incident);
    const alerts: WatchdogAlert[] = [];
    if (incident?.since && incident.alertAt) {
      alerts.push({
        kind: 'kitchenOffline',
        id: `kitchen-${new Date(incident.since).getTime()}`,
        since: new Date(incident.since).toISOString(),
      });
    }
    for (const order of json<
      { orderId: string; orderNumber: number; orderSource: string; since: string }[]
    >(row.orders) ?? []) {
      alerts.push({
        kind: 'orderUntouched',
        id: `order-${order.orderId}`,
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        orderSource: order.orderSource as 'website',
        since: new Date(order.since).toISOString(),
      });
    }
    return {
      kitchenDisplays: Number(row.displays),
      watching: await this.isOpen(now),
      alerts,
      pausedByWatchdog: row.paused_by === 'watchdog',
      pauseAfterMinutes: pauseMinutesOf(row.pause_minutes),
    };
  }
}

async function audit(
  tx: Db,
  now: Date,
  action: WatchdogAuditAction,
  subject: string,
  detail: string,
): Promise<void> {
  await tx.insert(auditLog).values({
    at: now,
    actorStaffId: null,
    actorName: 'Kitchen watchdog',
    action,
    subject,
    detail,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The kitchen watchdog (decision 023); tests call its tick() with their own clock. */
    watchdog: Watchdog;
  }
}
