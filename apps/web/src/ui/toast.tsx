import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadWhenIdle } from '../lib/load-when-idle.ts';
import { ToastContext, type ToastApi, type ToastItem } from './toast-context.ts';
import type { ToastRegion } from './toast-region.tsx';
// The region's styles come with this module, not with the region's chunk: a style sheet added
// after the first paint has the browser style the whole page again.
import './toast.module.css';

const loadRegion = () => import('./toast-region.tsx');

const CLOSE_ANIMATION_MS = 300;
/** More would cover the screen; the oldest makes room. */
const MAX_VISIBLE = 3;

/** Adds an item, closing the oldest open ones beyond MAX_VISIBLE. */
function withNew(list: ToastItem[], item: ToastItem): ToastItem[] {
  const next = [...list, item];
  let excess = next.filter((entry) => entry.open).length - MAX_VISIBLE;
  return next.map((entry) => (entry.open && excess-- > 0 ? { ...entry, open: false } : entry));
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Default time on screen for toasts (ms). */
  defaultDuration?: number;
}

/**
 * The `useToast()` API for its children, and the region that shows the messages. Radix Toast
 * (about a quarter of the app's shared chunk) is not needed for a screen's first paint: the
 * region loads once the browser is idle, so it is there when the network is gone (a message
 * that says so included). A message that comes sooner waits in the list until it is drawn.
 */
export function ToastProvider({ children, defaultDuration = 5000 }: ToastProviderProps) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [Region, setRegion] = useState<typeof ToastRegion | null>(null);
  const nextId = useRef(1);

  const close = useCallback((id: number) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, open: false } : item)));
    window.setTimeout(() => setItems((list) => list.filter((item) => item.id !== id)), CLOSE_ANIMATION_MS);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast: (input) => {
        const id = nextId.current++;
        setItems((list) => withNew(list, { ...input, id, kind: 'toast', open: true }));
      },
      snackbar: (input) => {
        const id = nextId.current++;
        setItems((list) => withNew(list, { ...input, id, kind: 'snackbar', open: true }));
      },
    }),
    [],
  );

  const [attempt, setAttempt] = useState(0);
  const waiting = items.length > 0;
  // The region loads once the browser is idle and is drawn then, its F8 shortcut with it; a
  // message that comes sooner has it load at once. A load that failed (offline before the first
  // idle moment) is tried again when the network is back: the messages wait in the list meanwhile.
  useEffect(() => {
    if (Region) return;
    const retry = () => setAttempt((count) => count + 1);
    const show = () =>
      loadRegion().then(
        (module) => setRegion(() => module.ToastRegion),
        () => window.addEventListener('online', retry, { once: true }),
      );
    if (waiting) void show();
    else loadWhenIdle(show);
    return () => window.removeEventListener('online', retry);
  }, [Region, waiting, attempt]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {Region ? <Region items={items} close={close} defaultDuration={defaultDuration} /> : null}
    </ToastContext.Provider>
  );
}
