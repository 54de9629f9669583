import { shiftPassesMidnight, type DayHours, type Shift } from '#shared/shop-hours/shop-hours.ts';

export const SHIFTS = [
  { key: 'shift1', label: 'Shift 1', period: 'Morning/Lunch' },
  { key: 'shift2', label: 'Shift 2', period: 'Evening/Dinner' },
] as const;

/**
 * The open shifts of a day as "09:00 - 15:00", marking one that ends the next day and one with
 * its own kitchen capacity.
 */
export function openShiftTimes(day: DayHours | undefined): string[] {
  if (!day) return [];
  return [day.shift1, day.shift2]
    .filter((shift): shift is Shift & { open: string; close: string } =>
      Boolean(shift.isOpen && shift.open && shift.close),
    )
    .map((shift) => {
      const nextDay = shiftPassesMidnight(shift) && shift.close !== '00:00';
      // A shift's own kitchen capacity (decision 026).
      const units = shift.unitsPerSlot ? ` (${shift.unitsPerSlot} prep units / 15 min)` : '';
      return `${shift.open} - ${shift.close}${nextDay ? ' (next day)' : ''}${units}`;
    });
}

/**
 * What a shift's times mean when it does not close later the same day
 * (shop-hours.ts: close not after open runs past midnight; equal times mean 24 hours).
 */
export function overnightNote(open: string, close: string): string | null {
  if (!open || !close) return null;
  if (open === close) return `Open for 24 hours. Closes at ${close} the next day.`;
  if (close === '00:00') return 'Open until midnight.';
  if (close < open) return `Runs past midnight. Closes at ${close} the next day.`;
  return null;
}

export const dayName = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);
