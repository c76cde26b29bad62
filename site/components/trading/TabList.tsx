/**
 * A row of tabs as the WAI-ARIA Authoring Practices' tabs pattern describes it: one tab stop,
 * arrow keys (and Home, End) move between tabs and select them. The caller renders the panels
 * with `tabPanelProps`.
 */
import { type KeyboardEvent, useRef } from 'react';

/** One tab: its key and its visible name. */
export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** The ids that tie a tab to its panel. */
export function tabIds(prefix: string, key: string): { tab: string; panel: string } {
  return { tab: `${prefix}-${key}-tab`, panel: `${prefix}-${key}-panel` };
}

/** What a panel needs to be the tab's panel. */
export function tabPanelProps(prefix: string, key: string, selected: string) {
  const ids = tabIds(prefix, key);
  return {
    id: ids.panel,
    role: 'tabpanel',
    'aria-labelledby': ids.tab,
    hidden: key !== selected,
    tabIndex: 0,
  } as const;
}

/** See the file comment. */
export function TabList<K extends string>({
  label,
  prefix,
  tabs,
  selected,
  onSelect,
  className = 'tab-list',
}: {
  label: string;
  prefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  className?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => {
        const ids = tabIds(prefix, tab.key);
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={isSelected}
            aria-controls={ids.panel}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
