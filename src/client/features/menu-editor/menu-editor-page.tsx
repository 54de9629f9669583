import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CategoriesTab } from './components/categories-tab.tsx';
import { DiscountsTab } from './components/discounts-tab.tsx';
import { ItemsTab } from './components/items-tab.tsx';
import { MenuTabs, type TabDefinition } from './components/menu-tabs.tsx';
import { AddOnsTab, BreadsTab, SaucesTab } from './components/option-tabs.tsx';

const TABS = [
  { key: 'items', label: 'Items' },
  { key: 'categories', label: 'Categories' },
  { key: 'breads', label: 'Breads' },
  { key: 'sauces', label: 'Sauces' },
  { key: 'add-ons', label: 'Add-ons' },
  { key: 'discounts', label: 'Discounts' },
] as const satisfies readonly TabDefinition<string>[];
type TabKey = (typeof TABS)[number]['key'];

const PANELS: Record<TabKey, () => ReactNode> = {
  items: () => <ItemsTab />,
  categories: () => <CategoriesTab />,
  breads: () => <BreadsTab />,
  sauces: () => <SaucesTab />,
  'add-ons': () => <AddOnsTab />,
  discounts: () => <DiscountsTab />,
};

const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab.key === value);
const idFor = (key: TabKey) => ({ tab: `menu-tab-${key}`, panel: `menu-panel-${key}` });

/**
 * Spec back-office §2 "Menu Editor": six tabs, each a list with Add, Edit and Delete. The open
 * tab is in the address (?tab=categories), so a reload or a shared link keeps it.
 */
export function MenuEditorPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: TabKey = isTab(requested) ? requested : 'items';

  const select = (key: TabKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'items') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">Menu Editor</h1>
      <p className="mt-1 max-w-2xl text-sm text-char-700">
        What the website, the table page and the POS offer. Changes show everywhere as soon as they
        are saved.
      </p>
      <div className="mt-5">
        <MenuTabs
          label="Menu Editor"
          tabs={TABS}
          selected={selected}
          onSelect={select}
          idFor={idFor}
        />
      </div>
      <section
        role="tabpanel"
        id={idFor(selected).panel}
        aria-labelledby={idFor(selected).tab}
        tabIndex={0}
        className="mt-4 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ember-700"
      >
        {PANELS[selected]()}
      </section>
    </main>
  );
}
