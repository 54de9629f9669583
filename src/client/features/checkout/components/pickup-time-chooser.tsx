import { CircleAlert, Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '#client/lib/utils.ts';
import { formatCustomerClock, formatShopDay } from '#client/lib/customer-date-time.ts';
import type { PickupSlot } from '#shared/pickup/pickup-slots.ts';
import type { PickupChoice, SlotRefusal } from '../pickup-time.ts';

/** Slots shown before "Show all times": three hours' worth, two or three rows on a phone. */
const FIRST_SLOTS_SHOWN = 12;

export const NO_SLOTS_LEFT = 'No later pickup times left today.';
export const CHOOSE_A_SLOT = 'Choose a pickup time, or As soon as possible.';

interface PickupTimeChooserProps {
  /** The quote for as soon as possible; undefined while loading or when the read failed. */
  asapMinutes: number | undefined;
  /** What to say meanwhile ("15-20 minutes"). */
  fallbackLabel: string;
  /** Today's slots; undefined while loading. */
  slots: PickupSlot[] | undefined;
  slotsFailed: boolean;
  /** The shop's time zone: every time is shown on its clock, never the phone's. */
  timeZone: string | undefined;
  choice: PickupChoice;
  onChoiceChange: (choice: PickupChoice) => void;
  /** The last checkout's slot was refused: its message and the free slots offered instead. */
  refusal: SlotRefusal | null;
  onShowAllTimes: () => void;
  /** Later today without a slot picked, on Place Order. */
  missingSlot: boolean;
  disabled: boolean;
  /**
   * Closed, taking pre-orders (decision 026): the shop day (yyyy-MM-dd) of the next opening,
   * whose slots `slots` are; the only choice is one of them (no as soon as possible).
   */
  preOrderDate?: string | null;
}

/**
 * Pickup time (decision 026): as soon as possible, quoted from the kitchen's queue, or a 15-minute
 * slot of later today; while closed, a slot of the next opening (a pre-order). Native radios in fieldsets: arrow keys move between the choices, a full
 * slot is disabled and skipped, and a screen reader hears the legend with each.
 */
export function PickupTimeChooser({
  asapMinutes,
  fallbackLabel,
  slots,
  slotsFailed,
  timeZone,
  choice,
  onChoiceChange,
  refusal,
  onShowAllTimes,
  missingSlot,
  disabled,
  preOrderDate = null,
}: PickupTimeChooserProps) {
  const later = preOrderDate !== null || choice.mode === 'later';
  const selected = choice.mode === 'later' ? choice.slot : null;
  const asapLabel = asapMinutes === undefined ? fallbackLabel : `${asapMinutes} minutes`;
  return (
    <fieldset
      disabled={disabled}
      data-testid="pickup-time"
      className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-char-900/5 sm:p-6"
    >
      <legend className="float-left mb-1 flex items-center gap-2 font-display text-xl uppercase">
        <Clock aria-hidden className="size-5 text-ember-700" />
        Pickup time
      </legend>
      {preOrderDate ? (
        <p className="clear-both font-semibold">
          {`We're closed now. Pre-order for pickup on ${formatShopDay(preOrderDate, true)}: choose a time.`}
        </p>
      ) : (
        <div className="clear-both grid gap-3 sm:grid-cols-2">
          <ModeOption
            value="asap"
            checked={!later}
            onChange={() => onChoiceChange({ mode: 'asap' })}
            label="As soon as possible"
            detail={`(about ${asapLabel})`}
          />
          <ModeOption
            value="later"
            checked={later}
            onChange={() => onChoiceChange({ mode: 'later', slot: null })}
            label="Later today"
            detail="Pick a time"
          />
        </div>
      )}
      {later && (
        <SlotList
          day={preOrderDate}
          slots={slots}
          slotsFailed={slotsFailed}
          timeZone={timeZone}
          selected={selected}
          onPick={(slot) => onChoiceChange({ mode: 'later', slot })}
          refusal={refusal}
          onShowAllTimes={onShowAllTimes}
        />
      )}
      {later && missingSlot && (
        <p role="alert" className="font-semibold text-red-700">
          {preOrderDate ? 'Choose a pickup time.' : CHOOSE_A_SLOT}
        </p>
      )}
    </fieldset>
  );
}

function ModeOption({
  value,
  checked,
  onChange,
  label,
  detail,
}: {
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  detail: string;
}) {
  return (
    <label
      className={cn(
        'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-500',
        checked ? 'border-ember-700 bg-ember-50' : 'border-char-900/15 hover:border-ember-500',
      )}
    >
      <input
        type="radio"
        name="pickup-mode"
        value={value}
        checked={checked}
        onChange={onChange}
        className="size-5 shrink-0 accent-ember-700 focus-visible:outline-none"
      />
      <span className="leading-tight">
        <span className="font-bold">{label}</span> <span className="text-char-700">{detail}</span>
      </span>
    </label>
  );
}

function SlotList({
  day,
  slots,
  slotsFailed,
  timeZone,
  selected,
  onPick,
  refusal,
  onShowAllTimes,
}: {
  /** A pre-order's day; today when null. */
  day: string | null;
  slots: PickupSlot[] | undefined;
  slotsFailed: boolean;
  timeZone: string | undefined;
  selected: string | null;
  onPick: (slot: string) => void;
  refusal: SlotRefusal | null;
  onShowAllTimes: () => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const noSlotsLeft = day ? `No pickup times left on ${formatShopDay(day)}.` : NO_SLOTS_LEFT;
  const alertRef = useRef<HTMLDivElement>(null);
  // The Place Order button is below the list on a phone: bring the refusal into sight.
  useEffect(() => {
    if (refusal) alertRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [refusal]);

  if (refusal) {
    return (
      <div className="flex flex-col gap-3">
        <div
          ref={alertRef}
          role="alert"
          className="flex items-start gap-2 rounded-2xl bg-red-50 px-4 py-3 font-semibold text-red-800 ring-1 ring-red-700/20"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>{refusal.message}</span>
        </div>
        {refusal.nextSlots.length === 0 || !timeZone ? (
          <p className="font-semibold">{noSlotsLeft}</p>
        ) : (
          <SlotGrid
            legend="Next free times"
            slots={refusal.nextSlots}
            timeZone={timeZone}
            selected={selected}
            onPick={onPick}
          />
        )}
        <button
          type="button"
          onClick={onShowAllTimes}
          className="min-h-11 self-start font-semibold text-ember-700 underline underline-offset-4"
        >
          {day ? 'Show all times' : 'Show all times today'}
        </button>
      </div>
    );
  }
  if (slotsFailed && !slots) {
    return (
      <p role="alert" className="font-semibold text-red-700">
        The pickup times could not be loaded. Choose As soon as possible, or try again in a moment.
      </p>
    );
  }
  if (!slots || !timeZone) {
    return <p className="text-char-700">Loading pickup times…</p>;
  }
  const anyFree = slots.some((slot) => slot.available);
  if (slots.length === 0) return <p className="font-semibold">{noSlotsLeft}</p>;
  const selectedIndex = slots.findIndex((slot) => slot.start === selected);
  const expanded = showAll || selectedIndex >= FIRST_SLOTS_SHOWN;
  const shown = expanded ? slots : slots.slice(0, FIRST_SLOTS_SHOWN);
  return (
    <div className="flex flex-col gap-3">
      {!anyFree && <p className="font-semibold">{noSlotsLeft}</p>}
      <SlotGrid
        legend={day ? `Pickup times on ${formatShopDay(day)}` : "Today's pickup times"}
        slots={shown}
        timeZone={timeZone}
        selected={selected}
        onPick={onPick}
      />
      {!expanded && slots.length > FIRST_SLOTS_SHOWN && (
        <button
          type="button"
          onClick={() => setShowAll(true)}
          className="min-h-11 self-start font-semibold text-ember-700 underline underline-offset-4"
        >
          Show all {slots.length} times
        </button>
      )}
    </div>
  );
}

function SlotGrid({
  legend,
  slots,
  timeZone,
  selected,
  onPick,
}: {
  legend: string;
  slots: PickupSlot[];
  timeZone: string;
  selected: string | null;
  onPick: (slot: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-bold">{legend}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
        {slots.map((slot) => (
          <label
            key={slot.start}
            className={cn(
              'flex h-14 flex-col items-center justify-center rounded-2xl border-2 text-lg leading-none font-bold tabular-nums',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-500',
              !slot.available
                ? 'cursor-not-allowed border-dashed border-char-900/15 bg-cream-50 text-char-700/60'
                : slot.start === selected
                  ? 'cursor-pointer border-ember-700 bg-ember-700 text-white'
                  : 'cursor-pointer border-char-900/15 bg-white hover:border-ember-500',
            )}
          >
            <input
              type="radio"
              name="pickup-slot"
              value={slot.start}
              checked={slot.start === selected}
              disabled={!slot.available}
              onChange={() => onPick(slot.start)}
              className="sr-only"
            />
            <time dateTime={slot.start}>{formatCustomerClock(slot.start, timeZone)}</time>
            {!slot.available && (
              <span className="mt-1 text-xs font-bold tracking-wide uppercase">Full</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
