import { Star } from 'lucide-react';
import { cx } from '#client/lib/class-names.ts';
import { MOST_ORDERED_CATEGORY_ID } from '#shared/menu/menu-constants.ts';
import type { Category } from '#shared/menu/menu.schema.ts';

interface CategoryFilterProps {
  categories: Category[];
  selected: string;
  onSelect: (categoryId: string) => void;
}

/** Spec: the synthetic MOST ORDERED comes first; a category without an icon shows a plate. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  const chip = (isSelected: boolean) =>
    cx(
      'flex h-11 shrink-0 items-center gap-2 rounded-full border-2 px-4 text-sm font-bold whitespace-nowrap transition-colors',
      isSelected
        ? 'border-char-900 bg-char-900 text-white'
        : 'border-char-900/15 bg-white text-char-900 hover:border-char-900/40',
    );
  return (
    <div
      role="group"
      aria-label="Menu categories"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      <button
        type="button"
        aria-pressed={selected === MOST_ORDERED_CATEGORY_ID}
        className={chip(selected === MOST_ORDERED_CATEGORY_ID)}
        onClick={() => onSelect(MOST_ORDERED_CATEGORY_ID)}
      >
        <Star aria-hidden className="size-4 fill-mustard-400 text-mustard-400" />
        MOST ORDERED
      </button>
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          aria-pressed={selected === category.id}
          className={chip(selected === category.id)}
          onClick={() => onSelect(category.id)}
        >
          <span aria-hidden>{category.icon || '🍽️'}</span>
          {category.name}
        </button>
      ))}
    </div>
  );
}
