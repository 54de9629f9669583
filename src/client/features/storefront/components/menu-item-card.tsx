import { Plus, Star } from 'lucide-react';
import { formatEuro } from '#shared/money.ts';
import type { MenuItem } from '#shared/menu/menu.schema.ts';
import { soldOutLabel } from '#shared/menu/sold-out.ts';
import { cx } from '#client/lib/class-names.ts';
import { DietaryMarks } from './dietary-marks.tsx';
import { MenuImage } from '#client/components/customer/menu-image.tsx';

interface MenuItemCardProps {
  item: MenuItem;
  onChoose: (item: MenuItem) => void;
  /** The shop's time zone, for 'Sold out · back at 18:00'. */
  timeZone?: string;
}

/** One column on a phone, two from 640 px, three from 1024 px (the menu grid). */
const CARD_SIZES = '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw';

export function MenuItemCard({ item, onChoose, timeZone }: MenuItemCardProps) {
  // Sold out (decision 010): shown greyed with when it comes back, and it cannot be chosen.
  const soldOut = item.soldOut ? soldOutLabel(item.soldOut.until, timeZone) : null;
  return (
    <article
      data-sold-out={soldOut ? 'true' : undefined}
      className={cx(
        'group flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-char-900/5 transition-shadow',
        soldOut ? 'opacity-75' : 'hover:shadow-lg',
      )}
    >
      <button
        type="button"
        onClick={() => onChoose(item)}
        disabled={soldOut !== null}
        className="flex flex-1 flex-col text-left disabled:cursor-not-allowed"
        aria-label={`${item.name}, ${formatEuro(item.basePrice)}${soldOut ? `, ${soldOut}` : item.customizable ? ', choose options' : ', add to cart'}`}
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-char-800">
          {item.image ? (
            <MenuImage
              image={item.image}
              sizes={CARD_SIZES}
              loading="lazy"
              className={cx(
                'size-full object-cover transition-transform duration-300',
                soldOut ? 'grayscale' : 'group-hover:scale-105',
              )}
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
          {soldOut && (
            <span
              data-testid="sold-out-badge"
              className="absolute right-3 bottom-3 rounded-full bg-char-900 px-3 py-1 text-sm font-extrabold text-white"
            >
              {soldOut}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-4">
          <h3 className="text-lg leading-tight font-extrabold">{item.name}</h3>
          <p className="line-clamp-2 text-sm text-char-700">{item.description}</p>
          <DietaryMarks tags={item.tags} allergens={item.allergens} />
          <div className="mt-auto flex items-center justify-between pt-3">
            <span
              className={cx('text-xl font-extrabold', soldOut ? 'text-char-700' : 'text-ember-700')}
            >
              {formatEuro(item.basePrice)}
            </span>
            {!soldOut && (
              <span
                aria-hidden
                className="grid size-11 place-items-center rounded-full bg-ember-600 text-white group-hover:bg-ember-700"
              >
                <Plus className="size-6" />
              </span>
            )}
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
