import { cn } from '#client/lib/utils.ts';

export function StatusBadge({
  open,
  children,
  className,
}: {
  open: boolean;
  children: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
        open
          ? 'bg-emerald-100 text-emerald-800 ring-emerald-600/25'
          : 'bg-red-100 text-red-800 ring-red-600/25',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn('size-1.5 rounded-full', open ? 'bg-emerald-600' : 'bg-red-600')}
      />
      {children}
    </span>
  );
}
