import { useRef, type KeyboardEvent } from 'react';
import { cn } from '#client/lib/utils.ts';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
}

interface Props<K extends string> {
  label: string;
  tabs: readonly TabDefinition<K>[];
  selected: K;
  onSelect: (key: K) => void;
  idFor: (key: K) => { tab: string; panel: string };
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select, Home and End jump, only the
 * selected tab is in the Tab order. Three equal columns on a phone, one row from 640 px.
 */
export function AnalyticsTabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idFor,
}: Props<K>) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-3xl bg-white p-1 shadow-sm ring-1 ring-char-900/10 sm:inline-flex sm:rounded-full"
    >
      {tabs.map((tab) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) buttons.current.set(tab.key, node);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={idFor(tab.key).tab}
            aria-selected={active}
            // Only the selected tab's panel is in the page.
            aria-controls={active ? idFor(tab.key).panel : undefined}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={cn(
              'min-h-11 rounded-full px-3 text-sm leading-tight font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-700 sm:px-4 sm:whitespace-nowrap',
              active ? 'bg-ember-700 text-white' : 'text-char-700 hover:bg-char-900/5',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
