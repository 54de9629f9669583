import { RotateCw } from 'lucide-react';
import { cx } from '#client/lib/class-names.ts';
import { Button } from './button.tsx';
import { errorMessage } from '#client/lib/api-client.ts';

/** A back-office read that failed, with the server's reason and a way to ask again. */
export function LoadError({
  what,
  error,
  retry,
  className,
}: {
  what: string;
  error: unknown;
  retry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cx('rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10', className)}
    >
      <p className="font-bold">Could not load {what}</p>
      <p className="mt-1 text-sm text-char-700">{errorMessage(error)}</p>
      <Button variant="outline" className="mt-4" onClick={retry}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </Button>
    </div>
  );
}
