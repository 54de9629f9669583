import type { ReactNode, Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Category, MenuItem } from '#shared/menu/menu.schema.ts';
import { CategoryFilter } from './category-filter.tsx';
import { MenuItemCard, MenuItemCardSkeleton } from './menu-item-card.tsx';

interface MenuSectionProps {
  ref?: Ref<HTMLElement>;
  id?: string;
  className: string;
  /** The id of the heading in `heading`, which names the section. */
  headingId: string;
  heading: ReactNode;
  categories: Category[];
  selectedCategory: string;
  onSelectCategory: (categoryId: string) => void;
  selectedName: string;
  /** The menu read: its loading and failed states, and its retry. */
  items: Pick<UseQueryResult<MenuItem[]>, 'isPending' | 'isError' | 'refetch'>;
  visibleItems: MenuItem[];
  onChoose: (item: MenuItem) => void;
  timeZone: string | undefined;
  /** How many placeholder cards stand in while the menu loads. */
  skeletonCount: number;
}

/**
 * The menu as a customer browses it (spec customer-site §2): the category filters, the chosen
 * category's heading, and its items, or the loading, failed or empty state. One section for the
 * storefront and the table page (spec back-office §2), each with its own heading; the state
 * comes from useMenuBrowsing.
 */
export function MenuSection({
  ref,
  id,
  className,
  headingId,
  heading,
  categories,
  selectedCategory,
  onSelectCategory,
  selectedName,
  items,
  visibleItems,
  onChoose,
  timeZone,
  skeletonCount,
}: MenuSectionProps) {
  return (
    <section ref={ref} id={id} aria-labelledby={headingId} className={className}>
      {heading}
      <div className="sticky top-16 z-30 -mx-4 bg-cream-50/95 px-4 py-3 backdrop-blur">
        <CategoryFilter
          categories={categories}
          selected={selectedCategory}
          onSelect={onSelectCategory}
        />
      </div>
      <h3 className="mt-4 mb-4 text-sm font-extrabold tracking-widest text-char-700 uppercase">
        {selectedName}
      </h3>
      {items.isPending ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: skeletonCount }, (_, index) => (
            <MenuItemCardSkeleton key={index} />
          ))}
        </div>
      ) : items.isError ? (
        <div role="alert" className="rounded-3xl bg-white p-8 text-center ring-1 ring-char-900/5">
          <p className="font-bold">We couldn't load the menu.</p>
          <p className="mt-1 text-sm text-char-700">Check your connection and try again.</p>
          <button
            type="button"
            onClick={() => void items.refetch()}
            className="mt-4 h-11 rounded-full bg-ember-700 px-6 font-bold text-white"
          >
            Try again
          </button>
        </div>
      ) : visibleItems.length === 0 ? (
        <p className="rounded-3xl bg-white p-8 text-center text-char-700 ring-1 ring-char-900/5">
          Nothing in this category right now.
        </p>
      ) : (
        <div
          data-testid="menu-grid"
          className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
        >
          {visibleItems.map((item) => (
            <MenuItemCard key={item.id} item={item} onChoose={onChoose} timeZone={timeZone} />
          ))}
        </div>
      )}
    </section>
  );
}
