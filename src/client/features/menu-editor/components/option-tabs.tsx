import { useState, type ReactNode } from 'react';
import { CookingPot, Croissant, Droplet, Plus } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatEuro } from '#shared/money.ts';
import type { SoldOutRequest } from '#shared/menu/menu-admin.schema.ts';
import {
  useDeleteOption,
  useOptions,
  useSetOptionSoldOut,
  type AddOnEntry,
  type BreadEntry,
  type OptionKind,
  type SauceEntry,
} from '../api/option-queries.ts';
import { useShopTimeZone } from '../api/shop-time-zone-query.ts';
import { soldOutText } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { DataList, type Column } from './data-list.tsx';
import { Badge, EditDeleteButtons, TabToolbar } from './form-bits.tsx';
import { OPTION_NOUNS, OptionFormDialog, type OptionFormTarget } from './option-form-dialog.tsx';
import { QueryState } from './query-state.tsx';
import { SoldOutButton, SoldOutDialog } from './sold-out-dialog.tsx';

type Entry = { id: string; name: string; soldOut?: { until: string | null } | null };

interface OptionListTabProps<T extends Entry> {
  kind: OptionKind;
  query: UseQueryResult<T[]>;
  /** Plural, lower case: "breads". */
  what: string;
  label: string;
  addLabel: string;
  emptyIcon: ReactNode;
  emptyHint: string;
  columns: Column<T>[];
  /** Sauces and add-ons can be sold out (decision 010). */
  soldOut?: { apply: ReturnType<typeof useSetOptionSoldOut> };
}

function OptionListTab<T extends Entry>({
  kind,
  query,
  what,
  label,
  addLabel,
  emptyIcon,
  emptyHint,
  columns,
  soldOut,
}: OptionListTabProps<T>) {
  const remove = useDeleteOption(kind);
  const timeZone = useShopTimeZone();
  const now = useNow(15_000);
  const [formTarget, setFormTarget] = useState<OptionFormTarget | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [soldOutFor, setSoldOutFor] = useState<T | null>(null);
  const noun = OPTION_NOUNS[kind].sentence;

  const nameColumn: Column<T> = {
    header: 'Name',
    hideOnCard: true,
    cell: (entry) => <span className="font-semibold">{entry.name}</span>,
  };
  const statusColumn: Column<T> = {
    header: 'Status',
    cell: (entry) => {
      const text = soldOutText(entry.soldOut, now, timeZone);
      return text ? <Badge tone="danger">{text}</Badge> : <Badge tone="success">On sale</Badge>;
    },
  };
  const idColumn: Column<T> = {
    header: 'ID',
    cell: (entry) => <span className="font-mono text-xs">{entry.id}</span>,
  };

  const applySoldOut = (request: SoldOutRequest) => {
    if (!soldOut || !soldOutFor) return;
    const target = soldOutFor;
    soldOut.apply.mutate(
      { id: target.id, request },
      {
        onSuccess: () => {
          toast.success('Success', {
            description:
              request.mode === 'off'
                ? `${target.name} is back on sale`
                : `${target.name} is marked sold out`,
          });
          setSoldOutFor(null);
        },
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update the sold-out state'),
          }),
      },
    );
  };

  return (
    <>
      <TabToolbar
        action={
          <Button
            className="w-full sm:w-auto"
            onClick={() => setFormTarget({ kind, editing: null })}
          >
            <Plus aria-hidden className="size-5" />
            {addLabel}
          </Button>
        }
      >
        {query.data && query.data.length > 0 && (
          <p className="text-sm text-char-700">
            {query.data.length} {query.data.length === 1 ? noun.toLowerCase() : what}
          </p>
        )}
      </TabToolbar>
      <QueryState
        query={query}
        what={what}
        empty={{ icon: emptyIcon, title: `No ${what} yet`, hint: emptyHint }}
      >
        {(rows) => (
          <DataList
            label={label}
            rows={rows}
            rowKey={(entry) => entry.id}
            columns={[nameColumn, ...columns, idColumn, ...(soldOut ? [statusColumn] : [])]}
            cardTitle={(entry) => entry.name}
            actions={(entry, layout) => (
              <>
                {soldOut && (
                  <SoldOutButton
                    name={entry.name}
                    layout={layout}
                    onClick={() => setSoldOutFor(entry)}
                  />
                )}
                <EditDeleteButtons
                  name={entry.name}
                  layout={layout}
                  onEdit={() => setFormTarget({ kind, editing: editableFields(entry) })}
                  onDelete={() => setDeleting(entry)}
                />
              </>
            )}
          />
        )}
      </QueryState>

      <OptionFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      {soldOut && (
        <SoldOutDialog
          target={soldOutFor}
          timeZone={timeZone}
          pending={soldOut.apply.isPending}
          onApply={applySoldOut}
          onClose={() => setSoldOutFor(null)}
        />
      )}
      <ConfirmDeleteDialog
        kind={noun.toLowerCase()}
        name={deleting?.name ?? null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Success', { description: `${noun} deleted successfully` });
              setDeleting(null);
            },
            onError: (error) => {
              toast.error('Delete Failed', {
                description: errorMessage(error, `Failed to delete ${noun.toLowerCase()}`),
              });
              setDeleting(null);
            },
          });
        }}
      />
    </>
  );
}

/** The fields a form edits (not the sold-out state, which has its own dialog). */
function editableFields(entry: Entry & { description?: string; price?: number }) {
  return {
    id: entry.id,
    name: entry.name,
    ...(entry.description !== undefined ? { description: entry.description } : {}),
    ...(entry.price !== undefined ? { price: entry.price } : {}),
  };
}

export function BreadsTab() {
  const query = useOptions('bread');
  const columns: Column<BreadEntry>[] = [
    { header: 'Description', cell: (bread) => bread.description },
  ];
  return (
    <OptionListTab
      kind="bread"
      query={query}
      what="breads"
      label="Bread options"
      addLabel="Add Bread"
      emptyIcon={<Croissant />}
      emptyHint="Add the breads customers can choose for a customizable item."
      columns={columns}
    />
  );
}

export function SaucesTab() {
  const query = useOptions('sauce');
  const apply = useSetOptionSoldOut('sauce');
  return (
    <OptionListTab<SauceEntry>
      kind="sauce"
      query={query}
      what="sauces"
      label="Sauce options"
      addLabel="Add Sauce"
      emptyIcon={<Droplet />}
      emptyHint="Add the sauces customers can choose for a customizable item."
      columns={[]}
      soldOut={{ apply }}
    />
  );
}

export function AddOnsTab() {
  const query = useOptions('addOn');
  const apply = useSetOptionSoldOut('addOn');
  const columns: Column<AddOnEntry>[] = [
    {
      header: 'Price',
      className: 'whitespace-nowrap tabular-nums',
      cell: (addOn) => formatEuro(addOn.price),
    },
  ];
  return (
    <OptionListTab
      kind="addOn"
      query={query}
      what="add-ons"
      label="Add-on options"
      addLabel="Add Add-on"
      emptyIcon={<CookingPot />}
      emptyHint="Add the extras customers can add to an item, each at its own price."
      columns={columns}
      soldOut={{ apply }}
    />
  );
}
