import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. "Active". */
  label: string;
  /** Optional visible text beside the track (its words should be part of `label`). */
  children?: ReactNode;
  disabled?: boolean;
  /** The id of a text that says more, e.g. why the switch is disabled. */
  describedBy?: string;
  id?: string;
  className?: string;
}

/**
 * An on/off switch (role=switch) with a 44 px touch target.
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  children,
  disabled,
  describedBy,
  id,
  className,
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-full pr-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'relative inline-block h-7 w-12 shrink-0 rounded-full transition-colors',
          checked ? 'bg-emerald-600' : 'bg-char-900/20',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform',
            checked && 'translate-x-5',
          )}
        />
      </span>
      {children}
    </button>
  );
}
