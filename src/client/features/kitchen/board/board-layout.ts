/**
 * How the kitchen display packs its cards (decision 024): every open order on one screen, at
 * 1280x800 as on a 1920x1080 wall screen, without a scroll box inside a card or a column.
 *
 * The board is split into tracks (narrow columns) of one width. Each status (New, In progress,
 * Ready, Done) gets as many tracks as its cards need; its cards fill them in order, each card
 * into the track that is shortest so far (a masonry): the first cards read across the top. A status with no orders keeps a narrow
 * lane with its name and its count. When the cards at their normal size do not fit, the board
 * switches to compact cards (smaller type, the same information and buttons); when even those do
 * not fit, the cards that are left go below the screen and the board says how many and where.
 *
 * Pure: card heights come from the screen (measured), so the rules are unit-tested.
 */
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { isAwaitingAccept } from '../new-orders.ts';

/**
 * 'normal': the full card. 'compact': the same facts and buttons in smaller type and tighter
 * rows. 'snug': the compact card drawn larger (BOARD.zoom), for a big screen with many orders.
 */
export type Density = 'normal' | 'snug' | 'compact';

/** From the roomiest to the densest: the board takes the first that fits. */
export const DENSITIES: readonly Density[] = ['normal', 'snug', 'compact'];

/** Pixel sizes shared by the plan and the screen (board.tsx draws with these). */
export const BOARD = {
  /** Between two lanes. */
  laneGap: 8,
  /** Inside a lane, around its tracks. */
  lanePadding: 6,
  /** Between two tracks of a lane, and between two cards of a track. */
  trackGap: 8,
  /** The lane heading (name and count). */
  laneHeader: 40,
  /** A lane with no orders: its name and its 0, nothing more. */
  emptyLaneWidth: 92,
  /** The narrowest track each density allows. */
  minTrackWidth: { normal: 300, snug: 238, compact: 176 } satisfies Record<Density, number>,
  /** How much larger each density's card is drawn (CSS zoom). */
  zoom: { normal: 1, snug: 1.35, compact: 1 } satisfies Record<Density, number>,
} as const;

export interface TrackPlan {
  /** How many tracks the lanes with orders share. */
  tracks: number;
  /** The width of one track, in px (cards are measured at this width). */
  trackWidth: number;
  /** The height a track offers its cards, in px. */
  trackHeight: number;
}

/**
 * The tracks a board of `width` x `height` px offers at a density, for `openLanes` lanes with
 * orders and `emptyLanes` without. At least one track per lane with orders.
 */
export function planTracks(
  width: number,
  height: number,
  openLanes: number,
  emptyLanes: number,
  density: Density,
  /** Never more tracks than cards: a spare track would only make the drawn cards wider than measured. */
  cards = Infinity,
): TrackPlan {
  const lanes = openLanes + emptyLanes;
  const fixed =
    Math.max(0, lanes - 1) * BOARD.laneGap +
    emptyLanes * BOARD.emptyLaneWidth +
    openLanes * 2 * BOARD.lanePadding;
  const forTracks = Math.max(0, width - fixed);
  const widthWith = (tracks: number) =>
    (forTracks - Math.max(0, tracks - openLanes) * BOARD.trackGap) / tracks;
  let tracks = Math.max(1, openLanes);
  while (tracks < cards && widthWith(tracks + 1) >= BOARD.minTrackWidth[density]) tracks += 1;
  return {
    tracks,
    trackWidth: Math.max(1, Math.floor(widthWith(tracks))),
    trackHeight: Math.max(0, height - BOARD.laneHeader - 2 * BOARD.lanePadding),
  };
}

export interface FilledLane {
  /** Card indexes per track, top to bottom. */
  tracks: number[][];
  /** Indexes of the cards that do not fit the screen (they are placed below it). */
  offScreen: number[];
}

/** Tracks within this many px of the shortest count as equally short. */
const ROW_TOLERANCE = 48;

/**
 * The cards of one lane (their heights, in order) in `count` tracks of `trackHeight` px: each
 * card goes to the shortest track so far (the leftmost of about equals), so the first cards read
 * across the top and the columns stay even (a tall platform order and a short one of ours
 * share the space). A card that does not fit is still placed, below the screen, and listed
 * as off screen; so is one taller than a whole track.
 */
export function fillLane(
  heights: readonly number[],
  count: number,
  trackHeight: number,
): FilledLane {
  if (heights.length === 0 || count < 1) return { tracks: [], offScreen: [] };
  const tracks: number[][] = Array.from({ length: Math.min(count, heights.length) }, () => []);
  const used = tracks.map(() => -BOARD.trackGap);
  const offScreen: number[] = [];
  heights.forEach((height, index) => {
    // The leftmost of the tracks about as short as the shortest: cards read in rows.
    const least = Math.min(...used);
    const shortest = used.findIndex((total) => total <= least + ROW_TOLERANCE);
    used[shortest]! += BOARD.trackGap + height;
    tracks[shortest]!.push(index);
    if (used[shortest]! > trackHeight) offScreen.push(index);
  });
  return { tracks, offScreen };
}

/** Pixels of cards that do not fit when a lane has `count` tracks (0: everything fits). */
function overflowOf(heights: readonly number[], count: number, trackHeight: number): number {
  const { offScreen } = fillLane(heights, count, trackHeight);
  return offScreen.reduce((sum, index) => sum + heights[index]! + BOARD.trackGap, 0);
}

/** The tallest column of a lane with `count` tracks. */
function tallestColumn(heights: readonly number[], count: number, trackHeight: number): number {
  const { tracks } = fillLane(heights, count, trackHeight);
  return Math.max(
    0,
    ...tracks.map((track) =>
      track.reduce((sum, index) => sum + heights[index]!, (track.length - 1) * BOARD.trackGap),
    ),
  );
}

/**
 * How many tracks each lane gets, out of `total`: one per lane with cards, then each spare one
 * to the lane with the most cards that do not fit; once all fit, to the lane whose tallest column
 * it shortens most (so the cards spread, and every track is drawn at the width it was measured).
 */
export function allocateTracks(
  lanes: readonly (readonly number[])[],
  total: number,
  trackHeight: number,
): number[] {
  const counts: number[] = lanes.map((heights) => (heights.length > 0 ? 1 : 0));
  let spare = total - counts.reduce((sum, count) => sum + count, 0);
  while (spare > 0) {
    let best = -1;
    let bestOverflow = 0;
    lanes.forEach((heights, lane) => {
      if (counts[lane] === 0 || counts[lane]! >= heights.length) return;
      const overflow = overflowOf(heights, counts[lane]!, trackHeight);
      if (overflow > bestOverflow) {
        best = lane;
        bestOverflow = overflow;
      }
    });
    if (best < 0) {
      let bestGain = 0;
      lanes.forEach((heights, lane) => {
        if (counts[lane] === 0 || counts[lane]! >= heights.length) return;
        const now = tallestColumn(heights, counts[lane]!, trackHeight);
        const gain = now - tallestColumn(heights, counts[lane]! + 1, trackHeight);
        if (gain > bestGain) {
          best = lane;
          bestGain = gain;
        }
      });
    }
    if (best < 0) break;
    counts[best]! += 1;
    spare -= 1;
  }
  return counts;
}

export interface BoardPlan extends TrackPlan {
  density: Density;
  /** Per lane, in the order given: its tracks (0 for a lane without orders) and its cards. */
  lanes: (FilledLane & { trackCount: number })[];
  /** How many cards are below the screen, in all lanes. */
  offScreen: number;
}

/** The plan of one density, from the heights of the cards of each lane at that density. */
function planBoard(
  width: number,
  height: number,
  lanes: readonly (readonly number[])[],
  density: Density,
): BoardPlan {
  const open = lanes.filter((heights) => heights.length > 0).length;
  const cards = lanes.reduce((sum, heights) => sum + heights.length, 0);
  const plan = planTracks(width, height, open, lanes.length - open, density, cards);
  const counts = allocateTracks(lanes, plan.tracks, plan.trackHeight);
  const filled = lanes.map((heights, lane) => ({
    ...fillLane(heights, counts[lane]!, plan.trackHeight),
    trackCount: counts[lane]!,
  }));
  return {
    ...plan,
    density,
    lanes: filled,
    offScreen: filled.reduce((sum, lane) => sum + lane.offScreen.length, 0),
  };
}

/**
 * The roomiest density whose cards all fit; when none does, the one that leaves the fewest off
 * screen (the densest of equals). `heights[density][lane][card]`: each card measured at each
 * density's track width.
 */
export function chooseBoard(
  width: number,
  height: number,
  heights: Record<Density, readonly (readonly number[])[]>,
): BoardPlan {
  let best: BoardPlan | null = null;
  for (const density of DENSITIES) {
    const plan = planBoard(width, height, heights[density], density);
    if (plan.offScreen === 0) return plan;
    if (!best || plan.offScreen <= best.offScreen) best = plan;
  }
  return best!;
}

type PinFacts = Pick<KitchenOrder, 'kitchenStatus' | 'status' | 'platform' | 'createdAt'>;

/**
 * The order of the cards in a lane: a Wolt or Bolt Food order waiting for our accept first
 * (the soonest deadline first: the platform gives up on it), then one the platform cancelled
 * (it waits for Dismiss), then the rest oldest first, as the server lists them.
 */
export function pinOrders<T extends PinFacts>(orders: readonly T[]): T[] {
  const rank = (order: T) =>
    isAwaitingAccept(order) ? 0 : order.status === 'cancelled' && order.platform ? 1 : 2;
  const deadline = (order: T) =>
    order.platform?.acceptBy ? new Date(order.platform.acceptBy).getTime() : Infinity;
  return orders
    .map((order, index) => ({ order, index }))
    .sort(
      (a, b) =>
        rank(a.order) - rank(b.order) ||
        (rank(a.order) === 0 ? deadline(a.order) - deadline(b.order) : 0) ||
        a.index - b.index,
    )
    .map(({ order }) => order);
}
