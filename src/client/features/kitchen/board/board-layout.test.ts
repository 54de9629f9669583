import { describe, expect, it } from 'vitest';
import {
  allocateTracks,
  BOARD,
  chooseBoard,
  fillLane,
  pinOrders,
  planTracks,
} from './board-layout.ts';

const GAP = BOARD.trackGap;

describe('planTracks: how many tracks a screen offers', () => {
  // Written out: the board of the kitchen page at each screen (less its padding and header).
  const CASES = [
    // width, height, open lanes, empty lanes, density → tracks
    [1256, 640, 3, 1, 'normal', 3],
    [1256, 640, 3, 1, 'compact', 6],
    [1256, 640, 4, 0, 'compact', 6],
    [1896, 920, 3, 1, 'normal', 5],
    [1896, 920, 3, 1, 'compact', 9],
    [1896, 920, 1, 3, 'normal', 5],
    // A phone-sized board still gives each lane with orders its track.
    [360, 640, 3, 1, 'compact', 3],
  ] as const;
  for (const [width, height, open, empty, density, tracks] of CASES) {
    it(`${width}x${height}, ${open} open and ${empty} empty lanes, ${density}: ${tracks} tracks`, () => {
      const plan = planTracks(width, height, open, empty, density);
      expect(plan.tracks).toBe(tracks);
      if (width > 1000)
        expect(plan.trackWidth).toBeGreaterThanOrEqual(BOARD.minTrackWidth[density]);
      expect(plan.trackHeight).toBe(height - BOARD.laneHeader - 2 * BOARD.lanePadding);
    });
  }
});

describe('planTracks: never more tracks than cards', () => {
  it('three orders on a wall screen: three wide tracks, not eight narrow ones', () => {
    const plan = planTracks(1896, 920, 2, 2, 'compact', 3);
    expect(plan.tracks).toBe(3);
    expect(plan.trackWidth).toBeGreaterThan(500);
  });
  it('each lane with orders keeps its track', () => {
    expect(planTracks(1256, 640, 3, 1, 'normal', 3).tracks).toBe(3);
  });
});

describe('fillLane: each card to the shortest track so far', () => {
  it('the first cards read across the top: three cards in two tracks', () => {
    expect(fillLane([100, 100, 100], 2, 600)).toEqual({ tracks: [[0, 2], [1]], offScreen: [] });
  });
  it('a tall card and short ones share the space, in order', () => {
    // Three platform orders (400) and six of ours (180) in four tracks of 640 px.
    expect(fillLane([400, 400, 400, 180, 180, 180, 180, 180, 180], 4, 640)).toEqual({
      tracks: [
        [0, 5],
        [1, 6],
        [2, 7],
        [3, 4, 8],
      ],
      offScreen: [],
    });
  });
  it('one track: all in it while they fit', () => {
    expect(fillLane([200, 200], 1, 600)).toEqual({ tracks: [[0, 1]], offScreen: [] });
  });
  it('what does not fit goes below the screen in the last track, and is counted', () => {
    // 3 x 250 + 2 gaps = 766 > 600: the third card is off screen.
    expect(fillLane([250, 250, 250], 1, 600)).toEqual({ tracks: [[0, 1, 2]], offScreen: [2] });
  });
  it('a card taller than the screen is off screen', () => {
    expect(fillLane([100, 900, 100], 3, 600)).toEqual({
      tracks: [[0], [1], [2]],
      offScreen: [1],
    });
  });
  it('exactly full fits', () => {
    expect(fillLane([296, 296], 1, 296 * 2 + GAP).offScreen).toEqual([]);
    expect(fillLane([296, 297], 1, 296 * 2 + GAP).offScreen).toEqual([1]);
  });
});

describe('allocateTracks: the spare tracks go where the cards are', () => {
  it('the lane with cards that do not fit gets the spare tracks', () => {
    // Nine new orders, one cooking, one ready; five tracks of 600 px.
    const lanes = [Array(9).fill(180), [200], [150], []];
    expect(allocateTracks(lanes, 5, 600)).toEqual([3, 1, 1, 0]);
  });
  it('an empty lane gets none; a lane with one card never more than one', () => {
    expect(allocateTracks([[], [200], [], []], 5, 600)).toEqual([0, 1, 0, 0]);
  });
  it('once everything fits, a long column is spread over a spare track', () => {
    expect(allocateTracks([[250, 250], [100], [], []], 3, 600)).toEqual([2, 1, 0, 0]);
  });
  it('with too few tracks, each lane with cards still has one', () => {
    expect(allocateTracks([Array(20).fill(200), [200], [200], [200]], 4, 600)).toEqual([
      1, 1, 1, 1,
    ]);
  });
});

describe('chooseBoard: the roomiest cards that all fit', () => {
  // Heights of one card at each density: snug is compact drawn 1.35 times larger.
  const card = (normal: number, compact: number) => ({
    normal,
    snug: Math.round(compact * 1.35),
    compact,
  });
  const lanes = (cards: ReturnType<typeof card>[][]) => ({
    normal: cards.map((lane) => lane.map((one) => one.normal)),
    snug: cards.map((lane) => lane.map((one) => one.snug)),
    compact: cards.map((lane) => lane.map((one) => one.compact)),
  });
  const PLATFORM = card(600, 300);
  const OURS = card(330, 170);
  const COOKING = card(420, 240);
  const READY = card(260, 150);
  /** The acceptance case: three platform orders and six of ours new, two cooking, one ready. */
  const TWELVE = lanes([
    [PLATFORM, PLATFORM, PLATFORM, ...Array<typeof OURS>(6).fill(OURS)],
    [COOKING, COOKING],
    [READY],
    [],
  ]);

  it('few orders: normal', () => {
    const plan = chooseBoard(1256, 700, lanes([[OURS, OURS], [COOKING], [], []]));
    expect(plan.density).toBe('normal');
    expect(plan.offScreen).toBe(0);
  });
  it('twelve orders at 1280x800: compact, none off screen', () => {
    const plan = chooseBoard(1256, 700, TWELVE);
    expect(plan.density).toBe('compact');
    expect(plan.offScreen).toBe(0);
    expect(plan.lanes.map((lane) => lane.trackCount)).toEqual([4, 1, 1, 0]);
  });
  it('twelve orders at 1920x1080: snug (the compact card, larger), none off screen', () => {
    const plan = chooseBoard(1896, 980, TWELVE);
    expect(plan.density).toBe('snug');
    expect(plan.offScreen).toBe(0);
  });
  it('more than fits even compact: compact, and it says how many are off screen', () => {
    const plan = chooseBoard(
      1256,
      640,
      lanes([Array<typeof OURS>(30).fill(card(330, 160)), [], [], []]),
    );
    expect(plan.density).toBe('compact');
    // Three empty lanes leave five tracks of 588 px, each holding three 160 px cards.
    expect(plan.tracks).toBe(5);
    expect(plan.offScreen).toBe(30 - 5 * 3);
  });
});

describe('pinOrders: orders with a deadline first', () => {
  const order = (
    id: string,
    facts: {
      platform?: { acceptBy: string | null };
      kitchenStatus?: 'pending' | 'started';
      status?: 'cancelled' | 'pending';
    },
  ) => ({
    id,
    createdAt: '2026-11-27T10:00:00Z',
    kitchenStatus: facts.kitchenStatus ?? ('pending' as const),
    status: facts.status ?? ('pending' as const),
    platform: facts.platform
      ? { externalNumber: null, pickupAt: null, error: null, ...facts.platform }
      : null,
  });
  it('awaiting accept by deadline, then cancelled by the platform, then oldest first', () => {
    const orders = [
      order('web-1', {}),
      order('wolt-late', { platform: { acceptBy: '2026-11-27T10:03:00Z' } }),
      order('web-2', {}),
      order('bolt-cancelled', { platform: { acceptBy: null }, status: 'cancelled' }),
      order('bolt-soon', { platform: { acceptBy: '2026-11-27T10:01:00Z' } }),
      order('wolt-auto', { platform: { acceptBy: null } }),
      order('wolt-accepted', {
        platform: { acceptBy: '2026-11-27T10:00:30Z' },
        kitchenStatus: 'started',
      }),
    ];
    expect(pinOrders(orders).map((pinned) => pinned.id)).toEqual([
      'bolt-soon',
      'wolt-late',
      'bolt-cancelled',
      'web-1',
      'web-2',
      'wolt-auto',
      'wolt-accepted',
    ]);
  });
});
