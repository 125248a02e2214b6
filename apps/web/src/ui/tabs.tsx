import { createContext, useContext, useId, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './tabs.module.css';

/*
 * Tabs as the WAI-ARIA tabs pattern has them, with automatic activation: one tab stop, the
 * arrows move to the previous and next tab and show it, Home and End to the first and last.
 * Radix Tabs did the same, but registered each tab in state and mounted each panel in a
 * presence machine: six synchronous renders of Gestione just after its first paint.
 */

interface TabsState {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('a tab outside Tabs');
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

/** The tabs' state: `value` is the tab shown. Give `TabsList` an `aria-label`. */
export function Tabs({ value, onValueChange, children }: { value: string; onValueChange: (value: string) => void; children: ReactNode }) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, onValueChange, baseId }}>
      <div>{children}</div>
    </TabsContext.Provider>
  );
}

const STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function TabsList({ className, children, 'aria-label': label }: { className?: string; children: ReactNode; 'aria-label': string }) {
  const { onValueChange } = useTabs();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const next = tabs[step(index, tabs.length)]!;
    next.focus();
    onValueChange(next.dataset.value!);
  };
  return (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" className={cx(styles.list, className)} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function TabsTrigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const { value: shown, onValueChange, baseId } = useTabs();
  const active = value === shown;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={active}
      aria-controls={panelId(baseId, value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? 'active' : 'inactive'}
      data-value={value}
      className={cx(styles.trigger, className)}
      onClick={() => onValueChange(value)}
    >
      {children}
    </button>
  );
}

/** The panel of a tab; only the shown one is in the page. */
export function TabsContent({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const { value: shown, baseId } = useTabs();
  if (value !== shown) return null;
  return (
    <div role="tabpanel" id={panelId(baseId, value)} aria-labelledby={tabId(baseId, value)} tabIndex={0} className={cx(styles.content, className)}>
      {children}
    </div>
  );
}
