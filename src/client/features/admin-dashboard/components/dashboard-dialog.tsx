import { useState, type ComponentProps } from 'react';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';

type ContentProps = Omit<ComponentProps<typeof DialogContent>, 'onCloseAutoFocus'>;

interface DashboardDialogProps extends ContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when what opened the dialog is gone (a deleted row). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A controlled dialog that gives the focus back to whatever opened it (a row's button, a card),
 * as one opened by a Radix trigger does. NOTE: Radix only knows its own trigger; without one
 * the focus would fall to the page's body.
 */
export function DashboardDialog({
  open,
  onOpenChange,
  fallbackFocus,
  ...props
}: DashboardDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ReturningContent fallbackFocus={fallbackFocus} {...props} />}
    </Dialog>
  );
}

function ReturningContent({
  fallbackFocus,
  ...props
}: ContentProps & { fallbackFocus?: (() => HTMLElement | null) | undefined }) {
  // Read while rendering the opening: the dialog has not taken the focus yet.
  const [opener] = useState(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : null;
  });
  return (
    <DialogContent
      {...props}
      onCloseAutoFocus={(event) => {
        const target = opener?.isConnected ? opener : fallbackFocus?.();
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    />
  );
}
