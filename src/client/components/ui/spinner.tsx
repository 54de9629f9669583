import { LoaderCircle } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <LoaderCircle aria-hidden className="size-8 animate-spin text-ember-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
