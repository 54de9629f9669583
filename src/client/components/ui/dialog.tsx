import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Shown as the dialog's heading and accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Hide the visible title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
}

/**
 * A dialog that is a bottom sheet on a phone and a centred card on a laptop.
 */
export function DialogContent({
  title,
  description,
  hideTitle,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-char-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-(--test-ribbon-height) z-50 flex max-h-[92dvh] flex-col overflow-hidden rounded-t-3xl bg-cream-50 shadow-2xl',
          'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div
          className={cn(
            'flex items-start gap-3 px-5 pt-5',
            hideTitle && 'absolute top-0 right-0 z-10',
          )}
        >
          <div className={cn('min-w-0 flex-1', hideTitle && 'sr-only')}>
            <DialogPrimitive.Title className="font-display text-2xl leading-tight">
              {title}
            </DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-1 text-sm text-char-700">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          <DialogPrimitive.Close
            className="grid size-11 shrink-0 place-items-center rounded-full bg-white/90 text-char-900 shadow ring-1 ring-char-900/10 hover:bg-white"
            aria-label="Close"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
