import { useMemo, useState } from 'react';
import { ImageOff, Plus, Search, UtensilsCrossed } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatEuro } from '#shared/money.ts';
import type { AdminMenuItem } from '#shared/menu/menu-admin.schema.ts';
import { MENU_IMAGE_WIDTHS, menuImagePath } from '#shared/menu/menu-images.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import {
  useAdminItems,
  useDeleteItem,
  useSetItemAvailability,
  useSetItemSoldOut,
} from '../api/menu-items-queries.ts';
import { useCategories } from '../api/categories-queries.ts';
import { useShopTimeZone } from '../api/shop-time-zone-query.ts';
import { soldOutText } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { DataList, type Column } from './data-list.tsx';
import { Badge, EditDeleteButtons, Select, TabToolbar } from './form-bits.tsx';
import { ItemFormDialog, type ItemFormTarget } from './item-form-dialog.tsx';
import { EmptyState, QueryState } from './query-state.tsx';
import { SoldOutButton, SoldOutDialog } from './sold-out-dialog.tsx';

const ALL = '';

/** Spec back-office §2 "Menu Editor", the Items tab. */
export function ItemsTab() {
  const items = useAdminItems();
  const categories = useCategories();
  const timeZone = useShopTimeZone();
  const now = useNow(15_000);
  const [categoryFilter, setCategoryFilter] = useState(ALL);
  const [search, setSearch] = useState('');
  const [formTarget, setFormTarget] = useState<ItemFormTarget | null>(null);
  const [deleting, setDeleting] = useState<AdminMenuItem | null>(null);
  const [soldOutFor, setSoldOutFor] = useState<AdminMenuItem | null>(null);
  const availability = useSetItemAvailability();
  const soldOut = useSetItemSoldOut();
  const remove = useDeleteItem();

  const categoryList = useMemo(() => categories.data ?? [], [categories.data]);
  const categoryById = useMemo(
    () => new Map(categoryList.map((category) => [category.id, category])),
    [categoryList],
  );

  const shown = useMemo(() => {
    const order = new Map(categoryList.map((category, index) => [category.id, index]));
    const needle = search.trim().toLowerCase();
    return (items.data ?? [])
      .filter((item) => categoryFilter === ALL || item.category === categoryFilter)
      .filter(
        (item) =>
          !needle ||
          item.name.toLowerCase().includes(needle) ||
          item.id.includes(needle) ||
          item.description.toLowerCase().includes(needle),
      )
      .sort(
        (a, b) =>
          (order.get(a.category ?? '') ?? Infinity) - (order.get(b.category ?? '') ?? Infinity) ||
          a.sortOrder - b.sortOrder ||
          a.name.localeCompare(b.name),
      );
  }, [items.data, categoryList, categoryFilter, search]);

  const toggleAvailability = (item: AdminMenuItem) =>
    availability.mutate(
      { id: item.id, isAvailable: !item.isAvailable },
      {
        // The switch takes the item off sale on every channel (web, table, POS, platforms:
        // pricing.ts refuses it), not only the POS the spec names it after: say so.
        onSuccess: () =>
          toast.success('Success', {
            description: item.isAvailable
              ? `${item.name} is hidden everywhere`
              : `${item.name} is available again`,
          }),
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update availability'),
          }),
      },
    );

  const badges = (item: AdminMenuItem) => {
    const soldOutLabel = soldOutText(item.soldOut, now, timeZone);
    return (
      <>
        {item.isHidden && <Badge>Hidden</Badge>}
        {!item.isAvailable && <Badge tone="warning">Hidden everywhere</Badge>}
        {soldOutLabel && <Badge tone="danger">{soldOutLabel}</Badge>}
        {item.popular && <Badge tone="info">Popular</Badge>}
      </>
    );
  };

  const title = (item: AdminMenuItem) => (
    <span className="flex flex-col gap-1">
      <span>{item.name}</span>
      <span className="flex flex-wrap gap-1">{badges(item)}</span>
    </span>
  );

  const columns: Column<AdminMenuItem>[] = [
    {
      header: 'Photo',
      cell: (item) => <Thumbnail item={item} />,
      className: 'w-16',
      hideOnCard: true,
    },
    {
      header: 'Name',
      cell: (item) => (
        <span className="flex flex-col gap-1">
          <span className="font-semibold">{item.name}</span>
          <span className="font-mono text-xs text-char-700">{item.id}</span>
          <span className="flex flex-wrap gap-1">{badges(item)}</span>
        </span>
      ),
      hideOnCard: true,
    },
    {
      header: 'Category',
      cell: (item) => <CategoryName category={categoryById.get(item.category ?? '')} />,
    },
    {
      header: 'Price',
      cell: (item) => <span className="tabular-nums">{formatEuro(item.basePrice)}</span>,
      className: 'whitespace-nowrap',
    },
    {
      header: 'On the menu',
      cell: (item) => (
        <Switch
          checked={item.isAvailable}
          onCheckedChange={() => toggleAvailability(item)}
          disabled={availability.isPending && availability.variables.id === item.id}
          label={`${item.name} available on every channel`}
        >
          <span className={item.isAvailable ? 'text-emerald-800' : 'text-char-700'}>
            {item.isAvailable ? 'Available' : 'Hidden everywhere'}
          </span>
        </Switch>
      ),
    },
  ];

  return (
    <>
      <TabToolbar
        action={
          <Button onClick={() => setFormTarget({ mode: 'create' })} className="w-full sm:w-auto">
            <Plus aria-hidden className="size-5" />
            Add Item
          </Button>
        }
      >
        <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
          <label className="flex min-w-0 flex-col gap-1 text-sm font-bold">
            Category
            <Select
              value={categoryFilter}
              onChange={(event) => setCategoryFilter(event.target.value)}
              className="h-11 sm:w-52"
            >
              <option value={ALL}>All categories</option>
              {categoryList.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.icon ? `${category.icon} ` : ''}
                  {category.name}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex min-w-0 flex-col gap-1 text-sm font-bold">
            Search
            <span className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-char-700"
              />
              <Input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Name or id"
                className="h-11 pl-9 sm:w-60"
              />
            </span>
          </label>
        </div>
      </TabToolbar>

      <QueryState
        query={items}
        what="menu items"
        empty={{
          icon: <UtensilsCrossed />,
          title: 'No menu items yet',
          hint: 'Add the first dish; it shows on the menu and the POS once saved.',
        }}
      >
        {(all) =>
          shown.length === 0 ? (
            <EmptyState
              icon={<Search />}
              title="No items match"
              hint={`None of the ${all.length} items match this category and search.`}
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-char-700" aria-live="polite">
                {shown.length === all.length
                  ? `${all.length} ${all.length === 1 ? 'item' : 'items'}`
                  : `${shown.length} of ${all.length} items`}
              </p>
              <DataList
                label="Menu items"
                rows={shown}
                rowKey={(item) => item.id}
                columns={columns}
                cardTitle={title}
                cardMedia={(item) => <Thumbnail item={item} size="card" />}
                rowClassName={(item) =>
                  item.isHidden || !item.isAvailable ? 'bg-stone-50' : undefined
                }
                actions={(item, layout) => (
                  <>
                    <SoldOutButton
                      name={item.name}
                      layout={layout}
                      onClick={() => setSoldOutFor(item)}
                    />
                    <EditDeleteButtons
                      name={item.name}
                      layout={layout}
                      onEdit={() => setFormTarget({ mode: 'edit', item })}
                      onDelete={() => setDeleting(item)}
                    />
                  </>
                )}
              />
            </>
          )
        }
      </QueryState>

      <ItemFormDialog
        target={formTarget}
        categories={categoryList}
        onClose={() => setFormTarget(null)}
      />
      <SoldOutDialog
        target={soldOutFor}
        timeZone={timeZone}
        pending={soldOut.isPending}
        onClose={() => setSoldOutFor(null)}
        onApply={(request) => {
          if (!soldOutFor) return;
          soldOut.mutate(
            { id: soldOutFor.id, request },
            {
              onSuccess: (saved) => {
                toast.success('Success', {
                  description:
                    request.mode === 'off'
                      ? `${saved.name} is back on sale`
                      : `${saved.name}: ${soldOutText(saved.soldOut, new Date(), timeZone) ?? 'on sale'}`,
                });
                setSoldOutFor(null);
              },
              onError: (error) =>
                toast.error('Update Failed', {
                  description: errorMessage(error, 'Failed to update the sold-out state'),
                }),
            },
          );
        }}
      />
      <ConfirmDeleteDialog
        kind="menu item"
        name={deleting?.name ?? null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Success', { description: 'Menu item deleted successfully' });
              setDeleting(null);
            },
            onError: (error) => {
              toast.error('Delete Failed', {
                description: errorMessage(error, 'Failed to delete menu item'),
              });
              setDeleting(null);
            },
          });
        }}
      />
    </>
  );
}

/** An uploaded photo's smallest stored width (decision 011); a shipped picture as it is. */
const thumbnailSrc = (image: string) =>
  image.startsWith(menuImagePath('')) ? `${image}/w${MENU_IMAGE_WIDTHS[0]}.webp` : image;

function Thumbnail({ item, size = 'table' }: { item: AdminMenuItem; size?: 'table' | 'card' }) {
  const box = size === 'card' ? 'size-16' : 'size-12';
  return item.image ? (
    <img
      src={thumbnailSrc(item.image)}
      alt=""
      loading="lazy"
      width={64}
      height={64}
      className={`${box} shrink-0 rounded-xl bg-stone-100 object-cover`}
    />
  ) : (
    <span
      className={`${box} grid shrink-0 place-items-center rounded-xl bg-stone-100 text-char-700`}
    >
      <ImageOff aria-label="No photo" className="size-5" />
    </span>
  );
}

function CategoryName({ category }: { category: Category | undefined }) {
  if (!category) return <span className="text-char-700">—</span>;
  return (
    <span className="whitespace-nowrap">
      {category.icon && <span aria-hidden>{category.icon} </span>}
      {category.name}
    </span>
  );
}
