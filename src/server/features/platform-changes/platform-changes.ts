/**
 * What the shop's changes owe Wolt and Bolt Food (decisions 017 and 027): a sold-out mark and its
 * end, a change of the hours, and a pause are queued as `platform-availability`,
 * `platform-hours` and `platform-venue` outbox jobs (decision 008) in the change's own
 * transaction, one job per enabled platform, in the venue's serial queue (`<platform>:venue`) so
 * a platform hears the changes in the order they were made, also after an outage.
 *
 * The queue side of the delivery-platforms feature, kept below the features that make the
 * changes (menu, shop-hours, online-ordering, watchdog): it knows no feature but settings. The
 * jobs are done, and a mark's end returned, by delivery-platforms/platform-sync.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundJobs, platformAvailabilityReturns } from '../../db/schema.ts';
import {
  PLATFORMS,
  type AvailabilityChange,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { WeekHours } from '#shared/shop-hours/shop-hours.ts';
import { getSettings } from '../settings/index.ts';

export type SoldOutKind = AvailabilityChange['kind'];

/** The platforms switched on in their settings; only these are told. */
export async function enabledPlatforms(tx: Db): Promise<Platform[]> {
  const enabled = await getSettings(tx, ['wolt_enabled', 'bolt_enabled']);
  return PLATFORMS.filter((platform) => enabled[`${platform}_enabled`] === 'true');
}

/** Queues an item's, sauce's or add-on's availability for each enabled platform. */
export async function queueAvailabilityChange(tx: Db, change: AvailabilityChange): Promise<number> {
  const platforms = await enabledPlatforms(tx);
  if (platforms.length === 0) return 0;
  await tx.insert(outboundJobs).values(
    platforms.map((platform) => ({
      kind: 'platform-availability' as const,
      payload: { platform, ...change },
      serialKey: `${platform}:venue`,
    })),
  );
  return platforms.length;
}

/**
 * A sold-out mark was set (or lifted, `soldOut` false) on an item, sauce or add-on: queues the
 * change for each enabled platform and keeps the mark's end for the return. Call it in the
 * mark's transaction.
 */
export async function availabilityChanged(
  tx: Db,
  kind: SoldOutKind,
  id: string,
  mark: { soldOut: boolean; until: Date | null },
): Promise<void> {
  const thisMark = and(
    eq(platformAvailabilityReturns.kind, kind),
    eq(platformAvailabilityReturns.itemId, id),
  );
  if (mark.soldOut && mark.until) {
    await tx
      .insert(platformAvailabilityReturns)
      .values({ kind, itemId: id, returnsAt: mark.until })
      .onConflictDoUpdate({
        target: [platformAvailabilityReturns.kind, platformAvailabilityReturns.itemId],
        set: { returnsAt: mark.until },
      });
  } else {
    await tx.delete(platformAvailabilityReturns).where(thisMark);
  }
  await queueAvailabilityChange(tx, { kind, id, available: !mark.soldOut });
}

/**
 * The shop's hours changed: queues the whole week, as it is now, for each enabled platform.
 * Call it in the change's transaction, with the week read in it.
 */
export async function hoursChanged(tx: Db, week: WeekHours): Promise<void> {
  const platforms = await enabledPlatforms(tx);
  if (platforms.length === 0) return;
  await tx.insert(outboundJobs).values(
    platforms.map((platform) => ({
      kind: 'platform-hours' as const,
      payload: { platform, week },
      serialKey: `${platform}:venue`,
    })),
  );
}

/**
 * Pausing online orders pauses the venue on each enabled platform, and resuming resumes it
 * (decision 017), queued in the pause's own transaction; one venue's calls run in order.
 */
export async function queueVenueStatus(tx: Db, online: boolean, until: Date | null) {
  const enabled = await getSettings(tx, ['wolt_enabled', 'bolt_enabled']);
  const platforms = (['wolt', 'bolt'] as const).filter(
    (platform) => enabled[`${platform}_enabled`] === 'true',
  );
  if (platforms.length === 0) return;
  await tx.insert(outboundJobs).values(
    platforms.map((platform) => ({
      kind: 'platform-venue' as const,
      payload: { platform, online, until: until?.toISOString() ?? null },
      serialKey: `${platform}:venue`,
    })),
  );
}
