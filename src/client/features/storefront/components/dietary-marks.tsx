import {
  ALLERGENS,
  ALLERGEN_LABELS,
  DIETARY_TAGS,
  DIETARY_TAG_LABELS,
  type Allergen,
  type DietaryTag,
} from '#shared/menu/allergens.ts';
import { cx } from '#client/lib/class-names.ts';

const TAG_STYLE: Record<DietaryTag, string> = {
  vegetarian: 'bg-emerald-100 text-emerald-900',
  vegan: 'bg-emerald-200 text-emerald-950',
  spicy: 'bg-red-100 text-red-900',
  'gluten-free': 'bg-amber-100 text-amber-950',
};

/** Known keys in the order of the regulation's list; unknown ones are ignored. */
const knownTags = (tags: string[]) => DIETARY_TAGS.filter((tag) => tags.includes(tag));
const knownAllergens = (allergens: string[]) =>
  ALLERGENS.filter((allergen) => allergens.includes(allergen));

/** Short words for the card, where space is tight; the item dialog uses the full labels. */
const SHORT: Record<Allergen, string> = {
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'egg',
  fish: 'fish',
  peanuts: 'peanuts',
  soybeans: 'soy',
  milk: 'milk',
  nuts: 'nuts',
  celery: 'celery',
  mustard: 'mustard',
  sesame: 'sesame',
  sulphites: 'sulphites',
  lupin: 'lupin',
  molluscs: 'molluscs',
};

/** The item card's small marks: dietary tags, then what it contains (EU 1169/2011). */
export function DietaryMarks({ tags, allergens }: { tags: string[]; allergens: string[] }) {
  const shownTags = knownTags(tags);
  const contains = knownAllergens(allergens);
  if (shownTags.length === 0 && contains.length === 0) return null;
  return (
    <div data-testid="dietary-marks" className="flex flex-wrap items-center gap-1.5 pt-1">
      {shownTags.map((tag) => (
        <span
          key={tag}
          className={cx('rounded-full px-2 py-0.5 text-xs font-bold', TAG_STYLE[tag])}
        >
          {DIETARY_TAG_LABELS[tag]}
        </span>
      ))}
      {contains.length > 0 && (
        <span className="text-xs text-char-700">
          Contains {contains.map((allergen) => SHORT[allergen]).join(', ')}
        </span>
      )}
    </div>
  );
}

/** The item dialog's list, in words. */
export function AllergenList({ allergens }: { allergens: string[] }) {
  const contains = knownAllergens(allergens);
  return (
    <p data-testid="allergen-list" className="text-sm text-char-700">
      <span className="font-bold text-char-900">Allergens: </span>
      {contains.length > 0
        ? contains.map((allergen) => ALLERGEN_LABELS[allergen]).join(', ')
        : 'none of the 14 declared allergens'}
    </p>
  );
}
