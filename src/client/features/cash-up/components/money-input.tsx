import type { ComponentProps } from 'react';
import { Input } from '#client/components/ui/form-fields.tsx';
import { cn } from '#client/lib/utils.ts';

/** A euro amount: text (so "12,50" works), the decimal keypad on a tablet or phone. */
export function MoneyInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-lg font-bold text-char-700"
      >
        €
      </span>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        className={cn('h-14 pl-9 text-xl font-bold tabular-nums', className)}
        {...props}
      />
    </div>
  );
}
