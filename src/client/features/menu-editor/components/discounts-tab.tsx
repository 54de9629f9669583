import { useState } from 'react';
import { BadgePercent, Plus, Power, PowerOff } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatEuro } from '#shared/money.ts';
import type { Discount } from '#shared/menu/menu-admin.schema.ts';
import { useDeleteDiscount, useDiscounts, useSetDiscountStatus } from '../api/discounts-queries.ts';
import { describeWindow } from '../lib/format.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { DataList, type Column } from './data-list.tsx';
import { DiscountFormDialog, type DiscountFormTarget } from './discount-form-dialog.tsx';
import { Badge, EditDeleteButtons, RowAction, TabToolbar } from './form-bits.tsx';
import { QueryState } from './query-state.tsx';

const amount = (discount: Discount) =>
  discount.type === 'percentage' ? `${discount.value}%` : `${formatEuro(discount.value)} off`;

/** The Discounts tab: Enable/Disable, and an optional window of dates, days and hours. */
export function DiscountsTab() {
  const discounts = useDiscounts();
  const status = useSetDiscountStatus();
  const remove = useDeleteDiscount();
  const [formTarget, setFormTarget] = useState<DiscountFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);

  const toggle = (discount: Discount) =>
    status.mutate(
      { id: discount.id, isActive: !discount.isActive },
      {
        onSuccess: () =>
          toast.success('Success', { description: 'discount status updated successfully' }),
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update discount status'),
          }),
      },
    );

  const columns: Column<Discount>[] = [
    {
      header: 'Name',
      hideOnCard: true,
      cell: (discount) => (
        <span className="flex flex-col">
          <span className="font-semibold">{discount.name}</span>
          <span className="text-xs text-char-700">{discount.description}</span>
        </span>
      ),
    },
    {
      header: 'Discount',
      className: 'whitespace-nowrap tabular-nums',
      cell: amount,
    },
    {
      header: 'Min. order',
      className: 'whitespace-nowrap tabular-nums',
      cell: (discount) =>
        discount.minOrderAmount > 0 ? formatEuro(discount.minOrderAmount) : 'None',
    },
    { header: 'When', cell: describeWindow },
    {
      header: 'Where',
      cell: (discount) => (discount.posOnly ? 'POS only' : 'All channels'),
    },
    {
      header: 'Status',
      cell: (discount) =>
        discount.isActive ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>,
    },
  ];

  return (
    <>
      <TabToolbar
        action={
          <Button className="w-full sm:w-auto" onClick={() => setFormTarget({ mode: 'create' })}>
            <Plus aria-hidden className="size-5" />
            Add Discount
          </Button>
        }
      >
        {discounts.data && discounts.data.length > 0 && (
          <p className="text-sm text-char-700">
            {discounts.data.filter((discount) => discount.isActive).length} of{' '}
            {discounts.data.length} active
          </p>
        )}
      </TabToolbar>
      <QueryState
        query={discounts}
        what="discounts"
        empty={{
          icon: <BadgePercent />,
          title: 'No discounts yet',
          hint: 'Add one for the POS: a percentage or a fixed amount, always or at set times.',
        }}
      >
        {(rows) => (
          <DataList
            label="Discounts"
            rows={rows}
            rowKey={(discount) => discount.id}
            columns={columns}
            cardTitle={(discount) => (
              <span className="flex flex-col">
                <span>{discount.name}</span>
                <span className="text-xs font-normal text-char-700">{discount.description}</span>
              </span>
            )}
            rowClassName={(discount) => (discount.isActive ? undefined : 'bg-stone-50')}
            actions={(discount, layout) => (
              <>
                <RowAction
                  layout={layout}
                  icon={discount.isActive ? <PowerOff /> : <Power />}
                  label={`${discount.isActive ? 'Disable' : 'Enable'} ${discount.name}`}
                  onClick={() => toggle(discount)}
                  disabled={status.isPending && status.variables.id === discount.id}
                >
                  {discount.isActive ? 'Disable' : 'Enable'}
                </RowAction>
                <EditDeleteButtons
                  name={discount.name}
                  layout={layout}
                  onEdit={() => setFormTarget({ mode: 'edit', discount })}
                  onDelete={() => setDeleting(discount)}
                />
              </>
            )}
          />
        )}
      </QueryState>

      <DiscountFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDeleteDialog
        kind="discount"
        name={deleting?.name ?? null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Success', { description: 'Discount deleted successfully' });
              setDeleting(null);
            },
            onError: (error) => {
              toast.error('Delete Failed', {
                description: errorMessage(error, 'Failed to delete discount'),
              });
              setDeleting(null);
            },
          });
        }}
      />
    </>
  );
}
