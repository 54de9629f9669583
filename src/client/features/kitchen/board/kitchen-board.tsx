/**
 * The kitchen board (decision 024): the four statuses side by side, each as wide as its cards
 * need, cards flowing down a track and on into the next; compact cards when the normal ones do
 * not fit; what is left below the screen is counted and named. board-layout.ts holds the rules.
 *
 * Heights come from a hidden copy of every card at each density and track width (inert, hidden
 * from assistive technology), so the plan never depends on where the cards are drawn.
 */
import { ArrowDown } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { BOARD, chooseBoard, DENSITIES, planTracks, type Density } from './board-layout.ts';

export interface BoardLane {
  status: string;
  title: string;
  empty: string;
  /** Accent classes of the lane's heading. */
  accent: string;
  orders: KitchenOrder[];
}

interface KitchenBoardProps {
  lanes: BoardLane[];
  renderCard: (order: KitchenOrder, density: Density, measuring: boolean) => ReactNode;
}

type Heights = Record<Density, Map<string, number>>;

/** Narrower than this (a phone), the lanes stack instead of packing side by side. */
const STACK_BELOW_PX = 720;

/** Until a card is measured: about a normal card, so a new one never squeezes the others. */
const UNMEASURED = { normal: 320, snug: 240, compact: 180 } as const;

export function KitchenBoard({ lanes, renderCard }: KitchenBoardProps) {
  const boardRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [heights, setHeights] = useState<Heights>(() => emptyHeights());
  const stacked = size.width > 0 && size.width < STACK_BELOW_PX;

  useLayoutEffect(() => {
    const board = boardRef.current;
    if (!board) return;
    const measure = () =>
      setSize((previous) =>
        previous.width === board.clientWidth && previous.height === board.clientHeight
          ? previous
          : { width: board.clientWidth, height: board.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(board);
    return () => observer.disconnect();
    // A new board element when the lanes stack or unstack.
  }, [stacked]);

  // The hidden copies report their heights; one state update per frame at most.
  useLayoutEffect(() => {
    const layer = measureRef.current;
    if (!layer) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const next = emptyHeights();
      for (const element of layer.querySelectorAll<HTMLElement>('[data-measure-id]')) {
        const density = element.dataset.measureDensity as Density;
        // Drawn size, zoom included.
        next[density].set(element.dataset.measureId!, element.getBoundingClientRect().height);
      }
      setHeights((previous) => (sameHeights(previous, next) ? previous : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    const observer = new ResizeObserver(schedule);
    for (const element of layer.querySelectorAll('[data-measure-id]')) observer.observe(element);
    const mutations = new MutationObserver(() => {
      observer.disconnect();
      for (const element of layer.querySelectorAll('[data-measure-id]')) observer.observe(element);
      schedule();
    });
    mutations.observe(layer, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [stacked]);

  const open = lanes.filter((lane) => lane.orders.length > 0).length;
  const cardCount = lanes.reduce((sum, lane) => sum + lane.orders.length, 0);
  // Measured a little narrower than the plan's tracks: a drawn track is never narrower.
  const widths = Object.fromEntries(
    DENSITIES.map((density) => [
      density,
      planTracks(size.width, size.height, open, lanes.length - open, density, cardCount)
        .trackWidth - BOARD.trackGap,
    ]),
  ) as Record<Density, number>;

  const plan = useMemo(() => {
    const of = (density: Density) =>
      lanes.map((lane) =>
        lane.orders.map((order) => heights[density].get(order.id) ?? UNMEASURED[density]),
      );
    return chooseBoard(size.width, size.height, {
      normal: of('normal'),
      snug: of('snug'),
      compact: of('compact'),
    });
  }, [lanes, heights, size]);

  // A phone is no kitchen wall: its lanes stack, full width, and the page scrolls.
  if (stacked) {
    return (
      <div
        ref={boardRef}
        data-testid="kitchen-board"
        data-density="normal"
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto"
      >
        {lanes.map((lane) => (
          <section
            key={lane.status}
            aria-labelledby={`kitchen-column-${lane.status}`}
            className="flex flex-col gap-3 rounded-2xl bg-char-900/70 p-2"
          >
            <h2
              id={`kitchen-column-${lane.status}`}
              className={cn(
                'flex items-center justify-between rounded-t-2xl border-t-8 px-2 pt-1 text-2xl font-black',
                lane.accent,
              )}
            >
              {lane.title}
              <span className="rounded-full bg-white/15 px-2.5 tabular-nums">
                {lane.orders.length}
              </span>
            </h2>
            {lane.orders.length === 0 ? (
              <p className="px-2 pb-2 text-lg text-stone-400">{lane.empty}</p>
            ) : (
              lane.orders.map((order) => (
                <div key={order.id} className="flex flex-col">
                  {renderCard(order, 'normal', false)}
                </div>
              ))
            )}
          </section>
        ))}
      </div>
    );
  }

  const offScreenLanes = lanes
    .map((lane, index) => ({ lane, count: plan.lanes[index]!.offScreen.length }))
    .filter(({ count }) => count > 0);

  const showFirstOffScreen = () => {
    const first = boardRef.current?.querySelector('[data-off-screen="true"]');
    first?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {plan.offScreen > 0 && (
        // Decision 024: never a silent overflow. How many, and where. Read out as a status; the
        // button inside keeps its name (a button with role status has none).
        // Over the board's foot, not above it: the board keeps its height whatever it says.
        <div role="status" className="absolute bottom-2 left-1/2 z-10 -translate-x-1/2">
          <button
            type="button"
            onClick={showFirstOffScreen}
            className="flex items-center justify-center gap-2 rounded-xl bg-mustard-400 px-4 py-1.5 text-xl font-black whitespace-nowrap text-char-950 shadow-2xl ring-4 ring-char-950"
          >
            <ArrowDown aria-hidden className="size-6 motion-safe:animate-bounce" />
            {plan.offScreen} more {plan.offScreen === 1 ? 'order' : 'orders'} below the screen:{' '}
            {offScreenLanes.map(({ lane, count }) => `${count} in ${lane.title}`).join(', ')}
          </button>
        </div>
      )}
      <div
        ref={boardRef}
        data-testid="kitchen-board"
        data-density={plan.density}
        className="flex min-h-0 flex-1 overflow-y-auto"
        style={{ gap: BOARD.laneGap }}
      >
        {lanes.map((lane, index) => {
          const laid = plan.lanes[index]!;
          const emptyLane = lane.orders.length === 0;
          return (
            <section
              key={lane.status}
              aria-labelledby={`kitchen-column-${lane.status}`}
              className="flex h-max min-h-full flex-col rounded-2xl bg-char-900/70"
              style={
                emptyLane
                  ? { width: BOARD.emptyLaneWidth, flex: 'none' }
                  : {
                      flex: `${laid.trackCount} 1 0`,
                      minWidth: 0,
                      padding: `0 ${BOARD.lanePadding}px ${BOARD.lanePadding}px`,
                    }
              }
            >
              <h2
                id={`kitchen-column-${lane.status}`}
                className={cn(
                  'flex shrink-0 rounded-t-2xl border-t-8 px-2 font-black',
                  // An empty lane is narrow: its name over its 0.
                  emptyLane
                    ? 'flex-col items-center gap-1 pt-1 text-center text-lg'
                    : cn(
                        'items-center justify-between gap-1',
                        plan.density === 'compact' ? 'text-xl' : 'text-2xl',
                      ),
                  lane.accent,
                )}
                style={emptyLane ? undefined : { height: BOARD.laneHeader }}
              >
                <span className="truncate">{lane.title}</span>
                <span className="rounded-full bg-white/15 px-2.5 text-2xl tabular-nums">
                  {lane.orders.length}
                </span>
              </h2>
              {emptyLane ? (
                <p className="px-2 py-4 text-center text-base text-stone-400">{lane.empty}</p>
              ) : (
                <div className="flex min-w-0 flex-1" style={{ gap: BOARD.trackGap }}>
                  {laid.tracks.map((track, trackIndex) => (
                    <div
                      key={trackIndex}
                      data-testid="kitchen-track"
                      className="flex min-w-0 flex-1 flex-col"
                      style={{ gap: BOARD.trackGap }}
                    >
                      {track.map((cardIndex) => {
                        const order = lane.orders[cardIndex]!;
                        return (
                          <div
                            key={order.id}
                            data-off-screen={laid.offScreen.includes(cardIndex)}
                            className="flex flex-col"
                            style={{ zoom: BOARD.zoom[plan.density] }}
                          >
                            {renderCard(order, plan.density, false)}
                          </div>
                        );
                      })}
                    </div>
                  ))}
                  {/* Spare tracks keep their width, so a lane's cards keep the width measured. */}
                  {Array.from({ length: laid.trackCount - laid.tracks.length }, (_, spare) => (
                    <div key={`spare-${spare}`} className="min-w-0 flex-1" />
                  ))}
                </div>
              )}
            </section>
          );
        })}
      </div>
      <div
        ref={measureRef}
        aria-hidden
        inert
        className="pointer-events-none invisible fixed top-0 left-0 h-0 overflow-hidden"
      >
        {DENSITIES.map((density) => (
          <div
            key={density}
            className="flex flex-col"
            style={{ width: widths[density] / BOARD.zoom[density], zoom: BOARD.zoom[density] }}
          >
            {lanes.flatMap((lane) =>
              lane.orders.map((order) => (
                <div
                  key={order.id}
                  data-measure-id={order.id}
                  data-measure-density={density}
                  className="flex flex-col"
                >
                  {renderCard(order, density, true)}
                </div>
              )),
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

function sameHeights(a: Heights, b: Heights): boolean {
  return DENSITIES.every(
    (density) =>
      a[density].size === b[density].size &&
      [...b[density]].every(([id, height]) => a[density].get(id) === height),
  );
}

function emptyHeights(): Heights {
  return { normal: new Map(), snug: new Map(), compact: new Map() };
}
