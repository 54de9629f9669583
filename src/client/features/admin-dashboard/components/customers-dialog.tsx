import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ChevronRight, RotateCw, Search, Trash2 } from 'lucide-react';
import type { AdminCustomer } from '#shared/admin-dashboard/dashboard.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useCustomers, useDeleteCustomer } from '../api/customers-queries.ts';
import { euro, formatDateTime } from '#client/lib/back-office/format.ts';
import { matchesCustomerSearch } from '../lib/customer-search.ts';
import { DashboardDialog } from './dashboard-dialog.tsx';
import { customerNumberLabel, personName } from '#shared/customers/customer-display.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  timeZone: string | undefined;
}

const fullName = (customer: AdminCustomer) =>
  personName(customer.firstName, customer.lastName) ||
  `Customer ${customerNumberLabel(customer.customerNumber)}`;

/**
 * Spec: All Customers (fetched only while open), Customer Details, and Delete Customer, which
 * erases the person and keeps the books (departure 10).
 */
export function CustomersDialog({ open, onClose, timeZone }: Props) {
  return (
    <DashboardDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="All Customers"
      description="Everyone with a customer record. Open one for details."
      className="sm:max-w-2xl"
    >
      <CustomerList timeZone={timeZone} />
    </DashboardDialog>
  );
}

function CustomerList({ timeZone }: { timeZone: string | undefined }) {
  const customers = useCustomers();
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(
    () => (customers.data ?? []).filter((customer) => matchesCustomerSearch(customer, search)),
    [customers.data, search],
  );
  // Looked up by id so the details follow a refetch (and close when the customer is gone).
  const selected = customers.data?.find((customer) => customer.id === openId) ?? null;

  return (
    <div className="flex min-h-0 flex-col gap-3 p-5">
      <label className="relative block">
        <span className="sr-only">Search customers</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-char-700"
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, e-mail, phone or number"
          className="pl-11"
        />
      </label>
      <div ref={listRef} tabIndex={-1} className="min-h-0 overflow-y-auto outline-none">
        {customers.isPending ? (
          <Spinner label="Loading customers" />
        ) : customers.isError ? (
          <div role="alert" className="p-4 text-center text-sm">
            <p className="font-semibold">Could not load the customers</p>
            <p className="text-char-700">{errorMessage(customers.error)}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void customers.refetch()}
            >
              <RotateCw aria-hidden className="size-4" />
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="p-6 text-center text-char-700">No customers found</p>
        ) : (
          <ul
            aria-label="Customers"
            className="divide-y divide-char-900/10 rounded-2xl bg-white ring-1 ring-char-900/10"
          >
            {shown.map((customer) => (
              <li key={customer.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(customer.id)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-char-900/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ember-700"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words">{fullName(customer)}</span>
                    <span className="block text-xs break-all text-char-700">
                      {customerNumberLabel(customer.customerNumber)}
                      {customer.email ? ` · ${customer.email}` : ''}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-xs text-char-700">
                    {customer.orderCount} {customer.orderCount === 1 ? 'order' : 'orders'}
                    <span className="block font-semibold text-char-900 tabular-nums">
                      {euro(customer.totalSpent)}
                    </span>
                  </span>
                  <ChevronRight aria-hidden className="size-4 shrink-0 text-char-700" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CustomerDetailsDialog
        customer={selected}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
        fallbackFocus={() => listRef.current}
      />
    </div>
  );
}

function CustomerDetailsDialog({
  customer,
  timeZone,
  onClose,
  fallbackFocus,
}: {
  customer: AdminCustomer | null;
  timeZone: string | undefined;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCustomer();
  const close = () => {
    setConfirming(false);
    onClose();
  };

  const erase = (target: AdminCustomer) =>
    remove.mutate(target, {
      onSuccess: () => {
        toast.success('Customer Deleted', {
          description: `${fullName(target)}'s details are erased; their orders stay in the books.`,
        });
        close();
      },
      onError: (error) => {
        toast.error('Delete Failed', {
          description: errorMessage(error, 'Failed to delete customer'),
        });
        setConfirming(false);
      },
    });

  return (
    <DashboardDialog
      open={customer !== null}
      onOpenChange={(open) => !open && !remove.isPending && close()}
      title="Customer Details"
      description={customer ? fullName(customer) : undefined}
      fallbackFocus={fallbackFocus}
    >
      {customer && (
        <div className="flex min-h-0 flex-col">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 overflow-y-auto p-5 text-sm">
            <Fact label="Name">{fullName(customer)}</Fact>
            <Fact label="Customer number">{customerNumberLabel(customer.customerNumber)}</Fact>
            <Fact label="E-mail">
              <span className="break-all">{customer.email || '—'}</span>
            </Fact>
            <Fact label="Phone">{customer.phone || '—'}</Fact>
            <Fact label="Customer since">{formatDateTime(customer.createdAt, timeZone)}</Fact>
            <Fact label="Orders">{customer.orderCount}</Fact>
            <Fact label="Total spent">{euro(customer.totalSpent)}</Fact>
            <Fact label="Last order">
              {customer.lastOrderAt ? formatDateTime(customer.lastOrderAt, timeZone) : '—'}
            </Fact>
          </dl>
          <div className="flex flex-wrap justify-end gap-2 border-t border-char-900/10 px-5 py-4">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden className="size-4" />
              Delete Customer
            </Button>
          </div>
          <DashboardDialog
            open={confirming}
            onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}
            role="alertdialog"
            title="Delete this customer?"
            description={fullName(customer)}
          >
            <div className="flex flex-col gap-2 p-5 text-sm">
              <p className="font-bold text-red-800">This action cannot be undone.</p>
              <p>
                Their name, e-mail and phone are erased everywhere. Their orders and the amounts
                stay in the books and the totals, marked &ldquo;Customer erased&rdquo;.
              </p>
            </div>
            <div className="flex flex-wrap justify-end gap-2 border-t border-char-900/10 px-5 py-4">
              <Button
                variant="ghost"
                onClick={() => setConfirming(false)}
                disabled={remove.isPending}
              >
                Cancel
              </Button>
              <Button variant="danger" onClick={() => erase(customer)} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting…' : 'Yes, delete customer'}
              </Button>
            </div>
          </DashboardDialog>
        </div>
      )}
    </DashboardDialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-char-700">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
