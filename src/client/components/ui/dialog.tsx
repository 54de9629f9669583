import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Shown as the dialog's heading and accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Hide the visible title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
}

/**
 * A dialog that is a bottom sheet on a phone and a centred card on a laptop.
 *
 * On close the focus goes back to what had it when the dialog opened (WCAG 2.4.3): Radix does
 * that only for a `DialogTrigger`, and most of our dialogs are opened from state (an item card,
 * a row's button), which would leave the keyboard at the top of the page.
 */
export function DialogContent({
  title,
  description,
  hideTitle,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-char-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          // A phone's sheet leaves the toast room free at the top (styles.css --toast-room).
          'fixed inset-x-0 bottom-(--test-ribbon-height) z-50 flex max-h-[calc(100dvh-var(--toast-room)-var(--test-ribbon-height))] flex-col overflow-hidden rounded-t-3xl bg-cream-50 shadow-2xl sm:max-h-[92dvh]',
          'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        onOpenAutoFocus={(event) => {
          // Called before the focus moves into the dialog: it is still on the opener.
          const active = document.activeElement;
          opener.current =
            active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = opener.current;
          opener.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus({ preventScroll: true });
          }
        }}
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
