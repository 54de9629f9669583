/**
 * Category tabs and big item tiles (photo, name, price) for a thumb at the counter. A sold-out
 * item is greyed with when it comes back and cannot be tapped (decision 010).
 */
import { useState } from 'react';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';
import { isSoldOutAt, soldOutLabel } from '#shared/menu/sold-out.ts';
import { formatEuro } from '#shared/money.ts';
import { cn } from '#client/lib/utils.ts';
import { serverNow } from '#client/lib/shop/menu-queries.ts';
import { MenuImage } from '#client/components/customer/menu-image.tsx';

const POPULAR_TAB = 'popular';

interface Tab {
  id: string;
  label: string;
  items: MenuItem[];
}

function menuTabs(items: MenuItem[], categories: Category[]): Tab[] {
  const tabs: Tab[] = [];
  const popular = items.filter((item) => item.popular);
  if (popular.length > 0) tabs.push({ id: POPULAR_TAB, label: '⭐ Popular', items: popular });
  const sorted = [...categories].sort((a, b) => a.sortOrder - b.sortOrder);
  for (const category of sorted) {
    const inCategory = items.filter((item) => item.category === category.id);
    if (inCategory.length === 0) continue;
    tabs.push({
      id: category.id,
      label: `${category.icon ? `${category.icon} ` : ''}${category.name}`,
      items: inCategory,
    });
  }
  const known = new Set(sorted.map((category) => category.id));
  const others = items.filter((item) => !item.category || !known.has(item.category));
  if (others.length > 0) tabs.push({ id: 'other', label: 'Other', items: others });
  return tabs;
}

interface MenuPanelProps {
  items: MenuItem[];
  categories: Category[];
  timeZone: string | undefined;
  onPick: (item: MenuItem) => void;
}

export function MenuPanel({ items, categories, timeZone, onPick }: MenuPanelProps) {
  const tabs = menuTabs(items, categories);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = tabs.find((tab) => tab.id === chosen) ?? tabs[0];
  const now = new Date(serverNow());

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="tablist"
        aria-label="Categories"
        // On a tablet every category is in view (the tabs wrap); a phone scrolls them sideways.
        className="flex shrink-0 gap-2 overflow-x-auto px-3 py-3 [scrollbar-width:none] md:flex-wrap md:gap-1.5 md:overflow-x-visible md:py-2"
      >
        {tabs.map((tab) => {
          const selected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`pos-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls="pos-items"
              onClick={() => setChosen(tab.id)}
              className={cn(
                'h-12 shrink-0 rounded-full px-5 text-base font-bold whitespace-nowrap transition-colors md:h-10 md:px-3.5 md:text-sm',
                selected
                  ? 'bg-char-900 text-white'
                  : 'bg-white text-char-900 ring-1 ring-char-900/15 hover:ring-char-900/40',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id="pos-items"
        role="tabpanel"
        aria-labelledby={current ? `pos-tab-${current.id}` : undefined}
        className="min-h-0 flex-1 overflow-y-auto px-3 pb-28 md:pb-4"
      >
        {/* As many tiles of at least 11rem as the column beside the sale holds. */}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))]">
          {current?.items.map((item) => (
            <li key={item.id}>
              <ItemTile
                item={item}
                soldOut={isSoldOutAt(item.soldOut, now) ? item.soldOut : null}
                timeZone={timeZone}
                onPick={onPick}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ItemTile({
  item,
  soldOut,
  timeZone,
  onPick,
}: {
  item: MenuItem;
  soldOut: MenuItem['soldOut'];
  timeZone: string | undefined;
  onPick: (item: MenuItem) => void;
}) {
  const label = soldOut ? soldOutLabel(soldOut.until, timeZone) : null;
  return (
    <button
      type="button"
      disabled={label !== null}
      onClick={() => onPick(item)}
      className={cn(
        'group flex h-full w-full flex-col overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-char-900/10 transition active:scale-[0.98]',
        label
          ? 'cursor-not-allowed opacity-55 grayscale'
          : 'hover:ring-2 hover:ring-ember-500 focus-visible:ring-2',
      )}
    >
      <span className="relative block aspect-[16/10] bg-char-800">
        {item.image ? (
          <MenuImage
            image={item.image}
            sizes="(min-width: 768px) 220px, 50vw"
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <span aria-hidden className="grid size-full place-items-center text-4xl">
            🍽️
          </span>
        )}
        {label && (
          <span className="absolute inset-x-0 bottom-0 bg-char-900/85 px-2 py-1 text-center text-sm font-bold text-white">
            {label}
          </span>
        )}
      </span>
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="text-base leading-tight font-bold">{item.name}</span>
        <span className="mt-auto text-lg font-black text-ember-700">
          {formatEuro(item.basePrice)}
        </span>
      </span>
    </button>
  );
}
