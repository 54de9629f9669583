/**
 * Keeps an open storefront's menu current (decision 010): a `menuChanged` on the live socket
 * refetches every menu read at once, every greeting (the first and each after a reconnect)
 * refetches what may have been missed, and a sold-out mark is refetched the moment it ends, so
 * the item comes back with no one touching anything. Polling (menu-queries.ts) covers a socket
 * that cannot connect.
 *
 * The server tells a socket of changes once it has greeted it (`hello`); the page read its menu
 * before that, and a socket back after a drop missed what happened meanwhile (a staff socket's
 * `resume` replays order events only). So every greeting reads the menu and the shop's state
 * again: a change made in between (a sold-out mark while a slow phone was connecting) shows at
 * once, not at the next 30 s poll. Unchanged, each read is a 304 (public-cache.ts ETags). A read
 * still on its way at the greeting may have been answered before it, so it is read once more
 * when it lands.
 */
import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { MenuItem } from '#shared/menu/menu.schema.ts';
import { useLiveSocket } from '#client/lib/live-socket.ts';
import { MENU_QUERY_PREFIX, serverNow } from './menu-queries.ts';
import { SHOP_STATUS_KEY, shopInfoQuery } from './shop-queries.ts';

/** setTimeout's longest delay is about 24.8 days; a day is plenty (polling covers the rest). */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/** Milliseconds until the first sold-out mark ends, or null when none will by itself. */
function nextSoldOutEnd(items: MenuItem[], now: number): number | null {
  let soonest: number | null = null;
  for (const item of items) {
    const until = item.soldOut?.until;
    if (!until) continue;
    const wait = Date.parse(until) - now;
    if (wait > 0 && (soonest === null || wait < soonest)) soonest = wait;
  }
  return soonest;
}

/** Every menu read: a menu change refetches them all. */
const MENU_READS: InvalidateQueryFilters = {
  predicate: (query) => String(query.queryKey[0]).startsWith(MENU_QUERY_PREFIX),
};
/** The shop's state (open, paused, busy) and its details (name, contacts). */
const SHOP_READS: InvalidateQueryFilters[] = [
  { queryKey: SHOP_STATUS_KEY },
  { queryKey: shopInfoQuery().queryKey },
];

export function useLiveMenu(items: MenuItem[] | undefined) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries(MENU_READS), [queryClient]);

  // The same socket tells of a pause or busy change (decision 014): the shop status
  // carries it, and a paused shop must stop taking orders within a second. A Shop Settings
  // save says so too (DESIGN.md departure 20): the footer's name and contacts follow.
  const refreshShopStatus = useCallback(() => {
    for (const filters of SHOP_READS) void queryClient.invalidateQueries(filters);
  }, [queryClient]);

  // What changed before the socket's greeting: each read again, and one on its way at that
  // moment once more when it lands (it is not cancelled: a slow phone's first menu read).
  const catchUp = useCallback(() => {
    for (const filters of [MENU_READS, ...SHOP_READS]) {
      const onItsWay = queryClient.isFetching(filters) > 0;
      const again = () => queryClient.invalidateQueries(filters, { cancelRefetch: false });
      void again().then(() => (onItsWay ? again() : undefined));
    }
  }, [queryClient]);

  useLiveSocket({
    // Says what this socket is for; the server closes a customer's socket that never does.
    onOpen: (send) => send({ type: 'watch' }),
    onMessage: (message) => {
      if (message.type === 'hello') catchUp();
      if (message.type === 'menuChanged') refresh();
      if (message.type === 'shopChanged') refreshShopStatus();
    },
    // No onReconnect: a socket back after a drop is greeted again, and the greeting reads what
    // it may have missed (a refetch at the reopen too read the menu twice).
  });

  useEffect(() => {
    const wait = items ? nextSoldOutEnd(items, serverNow()) : null;
    if (wait === null) return;
    // A little after the end, so the server's clock has passed it too.
    const timer = setTimeout(refresh, Math.min(wait + 500, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [items, refresh]);
}
