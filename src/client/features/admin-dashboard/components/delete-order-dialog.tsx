import { deleteOrderSchema, type AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Form, FormTextarea, SubmitButton } from '#client/components/ui/form.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useDeleteOrder } from '../api/order-mutations.ts';
import { customerName, euro } from '#client/lib/back-office/format.ts';
import { DashboardDialog } from './dashboard-dialog.tsx';

interface Props {
  order: AdminOrder | null;
  onClose: () => void;
  /** Where the focus goes once the deleted order's row is gone. */
  fallbackFocus: () => HTMLElement | null;
}

/**
 * Delete Order (spec; departure 10): a reason is asked, and the warning says what deleting
 * means here: gone from every view and total, kept in the books with who, when and why.
 */
export function DeleteOrderDialog({ order, onClose, fallbackFocus }: Props) {
  const remove = useDeleteOrder();
  return (
    <DashboardDialog
      open={order !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      role="alertdialog"
      title="Delete Order"
      description={
        order
          ? `Order #${order.orderNumber} · ${customerName(order)} · ${euro(order.total)}`
          : undefined
      }
      fallbackFocus={fallbackFocus}
      onOpenAutoFocus={(event) => {
        // Straight to the reason, not the close button.
        event.preventDefault();
        document.getElementById('delete-order-reason')?.focus();
      }}
    >
      {order && <DeleteOrderForm order={order} onClose={onClose} remove={remove} />}
    </DashboardDialog>
  );
}

function DeleteOrderForm({
  order,
  onClose,
  remove,
}: {
  order: AdminOrder;
  onClose: () => void;
  remove: ReturnType<typeof useDeleteOrder>;
}) {
  return (
    <Form
      schema={deleteOrderSchema}
      defaultValues={{ reason: '' }}
      onSubmit={async ({ reason }) => {
        await remove.mutateAsync({ order, reason });
        toast.success('Order Deleted', {
          description: `Order #${order.orderNumber} is deleted; the audit log keeps it.`,
        });
        onClose();
      }}
      // The dialog stays open with the reason, to try again.
      onServerError={(error) =>
        toast.error('Delete Failed', {
          description: errorMessage(error, 'Failed to delete order'),
        })
      }
      className="flex min-h-0 flex-col"
    >
      <div className="flex flex-col gap-4 overflow-y-auto p-5">
        <div className="rounded-2xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-bold">This action cannot be undone.</p>
          <p className="mt-1">
            The order leaves the dashboard, the totals and the kitchen. It stays in the books and
            the audit log with your name and reason.
          </p>
        </div>
        <FormTextarea
          name="reason"
          id="delete-order-reason"
          label="Reason"
          required
          maxLength={300}
          placeholder="e.g. Test order, entered twice"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-char-900/10 px-5 py-4">
        <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <SubmitButton variant="danger">
          {remove.isPending ? 'Deleting…' : 'Delete order'}
        </SubmitButton>
      </div>
    </Form>
  );
}
