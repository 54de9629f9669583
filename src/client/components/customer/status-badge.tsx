import type { StatusPresentation } from '#shared/orders/order-states.ts';
import { cn } from '#client/lib/utils.ts';

/** Spec customer-site §4 colours, strong enough to read outdoors. */
const TONE_CLASSES: Record<StatusPresentation['tone'], string> = {
  yellow: 'bg-mustard-400 text-char-900 ring-yellow-600/40',
  blue: 'bg-blue-600 text-white ring-blue-800/30',
  green: 'bg-green-700 text-white ring-green-900/30',
  grey: 'bg-stone-300 text-char-900 ring-stone-500/40',
  red: 'bg-red-700 text-white ring-red-900/30',
  neutral: 'bg-char-900 text-white ring-char-900/30',
};

/** Softer panel backgrounds of the same tones, for the status card. */
export const TONE_PANEL_CLASSES: Record<StatusPresentation['tone'], string> = {
  yellow: 'bg-yellow-50 ring-yellow-500/40',
  blue: 'bg-blue-50 ring-blue-500/30',
  green: 'bg-green-50 ring-green-600/30',
  grey: 'bg-stone-100 ring-stone-400/40',
  red: 'bg-red-50 ring-red-600/30',
  neutral: 'bg-white ring-char-900/10',
};

export function StatusBadge({
  presentation,
  className,
}: {
  presentation: StatusPresentation;
  className?: string;
}) {
  return (
    <span
      data-tone={presentation.tone}
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-sm font-extrabold tracking-wide uppercase ring-1',
        TONE_CLASSES[presentation.tone],
        className,
      )}
    >
      {presentation.label}
    </span>
  );
}
