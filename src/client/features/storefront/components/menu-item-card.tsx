import { Plus, Star } from 'lucide-react';
import { formatEuro } from '#shared/money.ts';
import type { MenuItem } from '#shared/menu/menu.schema.ts';

interface MenuItemCardProps {
  item: MenuItem;
  onChoose: (item: MenuItem) => void;
}

export function MenuItemCard({ item, onChoose }: MenuItemCardProps) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-char-900/5 transition-shadow hover:shadow-lg">
      <button
        type="button"
        onClick={() => onChoose(item)}
        className="flex flex-1 flex-col text-left"
        aria-label={`${item.name}, ${formatEuro(item.basePrice)}${item.customizable ? ', choose options' : ', add to cart'}`}
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-char-800">
          {item.image ? (
            <img
              src={item.image}
              alt=""
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <div className="grid size-full place-items-center text-6xl" aria-hidden>
              🍽️
            </div>
          )}
          {item.popular && (
            <span className="absolute top-3 left-3 flex items-center gap-1 rounded-full bg-mustard-400 px-2.5 py-1 text-xs font-extrabold text-char-900 uppercase">
              <Star aria-hidden className="size-3.5 fill-current" />
              Most Ordered
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-4">
          <h3 className="text-lg leading-tight font-extrabold">{item.name}</h3>
          <p className="line-clamp-2 text-sm text-char-700">{item.description}</p>
          <div className="mt-auto flex items-center justify-between pt-3">
            <span className="text-xl font-extrabold text-ember-700">
              {formatEuro(item.basePrice)}
            </span>
            <span
              aria-hidden
              className="grid size-11 place-items-center rounded-full bg-ember-600 text-white group-hover:bg-ember-700"
            >
              <Plus className="size-6" />
            </span>
          </div>
        </div>
      </button>
    </article>
  );
}

export function MenuItemCardSkeleton() {
  return (
    <div
      data-testid="menu-skeleton"
      aria-hidden
      className="flex animate-pulse flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-char-900/5"
    >
      <div className="aspect-[4/3] bg-char-900/10" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-5 w-2/3 rounded bg-char-900/10" />
        <div className="h-4 w-full rounded bg-char-900/10" />
        <div className="h-4 w-1/2 rounded bg-char-900/10" />
        <div className="mt-3 h-8 w-20 rounded bg-char-900/10" />
      </div>
    </div>
  );
}
