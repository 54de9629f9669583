import { LoaderCircle } from 'lucide-react';

/**
 * The spinner over a whole page: `Spinner` (spinner.tsx) with `min-h-dvh`, its classes written
 * out. The router shows it, and spinner.tsx's `cn` would bring tailwind-merge into the entry
 * bundle (decision 016).
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center p-8">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-ember-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
