import { Minus, Plus } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The lowest value the decrease button reaches; the button is disabled there. */
  min?: number;
  /** Appended to the names ("Decrease quantity of Cola") where several steppers share a screen. */
  itemName?: string;
  className?: string;
}

/** Minus, the value, plus: each button 44 px for thumbs. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  itemName,
  className,
}: QuantityStepperProps) {
  const suffix = itemName ? ` of ${itemName}` : '';
  const button =
    'grid size-11 shrink-0 place-items-center rounded-full bg-white text-char-900 ring-1 ring-char-900/15 transition-colors hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-white';
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <button
        type="button"
        className={button}
        aria-label={`Decrease quantity${suffix}`}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden className="size-5" />
      </button>
      {/* <output> is a polite live region: the new value is announced after each tap. */}
      <output
        aria-label={`Quantity${suffix}`}
        className="min-w-8 text-center text-lg font-extrabold tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity${suffix}`}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden className="size-5" />
      </button>
    </div>
  );
}
