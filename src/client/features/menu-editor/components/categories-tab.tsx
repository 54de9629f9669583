import { useRef, useState, type DragEvent } from 'react';
import { formatVatRate } from '#shared/vat/vat.ts';
import { ArrowDown, ArrowUp, GripVertical, LayoutList, Plus } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import type { Category } from '#shared/menu/menu.schema.ts';
import {
  useAdminCategories,
  useCategories,
  useDeleteCategory,
  useReorderCategories,
} from '../api/categories-queries.ts';
import { useAdminItems } from '../api/menu-items-queries.ts';
import { moveItem } from '../lib/reorder.ts';
import { CategoryFormDialog, type CategoryFormTarget } from './category-form-dialog.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { DataList, type Column } from './data-list.tsx';
import { EditDeleteButtons, TabToolbar } from './form-bits.tsx';
import { QueryState } from './query-state.tsx';

/**
 * The Categories tab: the menu's order, changed by dragging a row (mouse) or by the up and
 * down buttons (keyboard, touch, screen readers).
 */
export function CategoriesTab() {
  const categories = useCategories();
  const items = useAdminItems();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const [formTarget, setFormTarget] = useState<CategoryFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const table = useRef<HTMLDivElement>(null);

  const list = categories.data ?? [];
  const itemCount = (id: string) => items.data?.filter((item) => item.category === id).length;
  // VAT rates (decision 022) come with the admin list; the public one has none.
  const admin = useAdminCategories();
  const vatOf = (id: string) => {
    const rates = admin.data?.find((category) => category.id === id);
    return rates ? `${formatVatRate(rates.vatTakeAway)} / ${formatVatRate(rates.vatEatIn)}` : '…';
  };

  const move = (from: number, to: number, focus?: 'up' | 'down') => {
    const moved = list[from];
    if (!moved || to < 0 || to >= list.length || from === to) return;
    const next = moveItem(list, from, to);
    reorder.mutate(
      next.map((category) => category.id),
      {
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update the category order'),
          }),
      },
    );
    setAnnouncement(`${moved.name} moved to position ${to + 1} of ${list.length}.`);
    if (focus) {
      // The row moved; keep the focus on its button (or the other one at the top or bottom).
      requestAnimationFrame(() => {
        const root = table.current;
        if (!root) return;
        const buttons = [
          ...root.querySelectorAll<HTMLButtonElement>(
            `[data-move][data-category="${CSS.escape(moved.id)}"]`,
          ),
        ].filter((button) => !button.disabled && button.offsetParent !== null);
        (buttons.find((button) => button.dataset.move === focus) ?? buttons[0])?.focus();
      });
    }
  };

  const dropOn = (target: Category) => {
    if (!dragging) return;
    const from = list.findIndex((category) => category.id === dragging);
    const to = list.findIndex((category) => category.id === target.id);
    setDragging(null);
    setDropTarget(null);
    if (from >= 0 && to >= 0) move(from, to);
  };

  const columns: Column<Category>[] = [
    {
      header: 'Order',
      className: 'w-36',
      cell: (category) => {
        const index = list.indexOf(category);
        return (
          <span className="flex items-center gap-1">
            <GripVertical
              aria-hidden
              className="hidden size-5 cursor-grab text-char-700 sm:block"
            />
            <span className="w-6 text-center tabular-nums">{index + 1}</span>
            <MoveButton
              category={category}
              direction="up"
              disabled={index === 0}
              onClick={() => move(index, index - 1, 'up')}
            />
            <MoveButton
              category={category}
              direction="down"
              disabled={index === list.length - 1}
              onClick={() => move(index, index + 1, 'down')}
            />
          </span>
        );
      },
    },
    {
      header: 'Icon',
      className: 'w-16',
      hideOnCard: true,
      cell: (category) => (
        <span aria-hidden className="text-2xl">
          {category.icon}
        </span>
      ),
    },
    {
      header: 'Name',
      hideOnCard: true,
      cell: (category) => <span className="font-semibold">{category.name}</span>,
    },
    {
      header: 'ID',
      cell: (category) => <span className="font-mono text-xs">{category.id}</span>,
    },
    {
      header: 'Items',
      className: 'tabular-nums',
      cell: (category) => itemCount(category.id) ?? '…',
    },
    {
      header: 'VAT take-away / eat-in',
      className: 'tabular-nums whitespace-nowrap',
      cell: (category) => vatOf(category.id),
    },
  ];

  return (
    <>
      <TabToolbar
        action={
          <Button
            className="w-full sm:w-auto"
            onClick={() =>
              setFormTarget({
                mode: 'create',
                sortOrder: Math.max(0, ...list.map((category) => category.sortOrder)) + 1,
              })
            }
          >
            <Plus aria-hidden className="size-5" />
            Add Category
          </Button>
        }
      >
        <p className="text-sm text-char-700">
          The order here is the menu&apos;s order. Drag a row, or use the arrows.
        </p>
      </TabToolbar>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <div ref={table}>
        <QueryState
          query={categories}
          what="categories"
          empty={{
            icon: <LayoutList />,
            title: 'No categories yet',
            hint: 'Add one before adding menu items: every item belongs to a category.',
          }}
        >
          {(rows) => (
            <DataList
              label="Categories"
              rows={rows}
              rowKey={(category) => category.id}
              columns={columns}
              cardTitle={(category) => (
                <span>
                  {category.icon && <span aria-hidden>{category.icon} </span>}
                  {category.name}
                </span>
              )}
              rowClassName={(category) =>
                cn(
                  dragging === category.id && 'opacity-50',
                  dropTarget === category.id &&
                    dragging !== category.id &&
                    'bg-ember-50 outline-2 -outline-offset-2 outline-ember-500',
                )
              }
              rowProps={(category) => ({
                draggable: true,
                onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', category.id);
                  setDragging(category.id);
                },
                onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
                  if (!dragging) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setDropTarget(category.id);
                },
                onDrop: (event: DragEvent<HTMLTableRowElement>) => {
                  event.preventDefault();
                  dropOn(category);
                },
                onDragEnd: () => {
                  setDragging(null);
                  setDropTarget(null);
                },
              })}
              actions={(category, layout) => (
                <EditDeleteButtons
                  name={category.name}
                  layout={layout}
                  onEdit={() => setFormTarget({ mode: 'edit', category })}
                  onDelete={() => setDeleting(category)}
                />
              )}
            />
          )}
        </QueryState>
      </div>

      <CategoryFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDeleteDialog
        kind="category"
        name={deleting?.name ?? null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Success', { description: 'Category deleted successfully' });
              setDeleting(null);
            },
            onError: (error) => {
              // A category that still has items: the server says how many (409).
              toast.error('Delete Failed', {
                description: errorMessage(error, 'Failed to delete category'),
              });
              setDeleting(null);
            },
          });
        }}
      />
    </>
  );
}

function MoveButton({
  category,
  direction,
  disabled,
  onClick,
}: {
  category: Category;
  direction: 'up' | 'down';
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      data-move={direction}
      data-category={category.id}
      aria-label={`Move ${category.name} ${direction}`}
      disabled={disabled}
      onClick={onClick}
      className="grid size-10 place-items-center rounded-full text-char-900 hover:bg-char-900/5 disabled:cursor-not-allowed disabled:opacity-30"
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}
