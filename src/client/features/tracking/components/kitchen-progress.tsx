import { Check } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

const STEPS = ['In queue', 'Preparing', 'Ready', 'Done'] as const;

/** Where a display status (see displayStatus) sits on the kitchen's way; null when off it. */
export function kitchenStep(status: string): number | null {
  switch (status) {
    case 'pending':
    case 'confirmed':
    case 'paid':
      return 0;
    case 'preparing':
      return 1;
    case 'ready':
      return 2;
    case 'completed':
      return 3;
    default:
      return null;
  }
}

/** A simple stepper: In queue → Preparing → Ready → Done. */
export function KitchenProgress({ current }: { current: number }) {
  return (
    <ol aria-label="Kitchen progress" className="grid grid-cols-4 gap-1">
      {STEPS.map((label, index) => {
        const done = index < current || current === STEPS.length - 1;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className="relative flex flex-col items-center gap-2 text-center"
          >
            {index > 0 && (
              <span
                aria-hidden
                className={cn(
                  'absolute top-5 right-1/2 -z-0 h-1 w-full -translate-y-1/2 rounded-full',
                  index <= current ? 'bg-ember-600' : 'bg-char-900/15',
                )}
              />
            )}
            <span
              aria-hidden
              className={cn(
                'relative z-10 grid size-10 place-items-center rounded-full text-sm font-extrabold ring-4 ring-white',
                done
                  ? 'bg-ember-600 text-white'
                  : active
                    ? 'bg-char-900 text-white'
                    : 'bg-char-900/10 text-char-700',
              )}
            >
              {done ? <Check className="size-5" /> : index + 1}
            </span>
            <span
              className={cn(
                'text-xs leading-tight font-bold sm:text-sm',
                index <= current ? 'text-char-900' : 'text-char-700/70',
              )}
            >
              {label}
              {active && <span className="sr-only"> (current step)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
