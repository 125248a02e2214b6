import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { ToastContext, type SnackbarInput, type ToastApi, type ToastInput } from './toast-context.ts';
import styles from './toast.module.css';

type Item =
  | ({ id: number; kind: 'toast'; open: boolean } & ToastInput)
  | ({ id: number; kind: 'snackbar'; open: boolean } & SnackbarInput);

const CLOSE_ANIMATION_MS = 300;
/** More would cover the screen; the oldest makes room. */
const MAX_VISIBLE = 3;

/** Adds an item, closing the oldest open ones beyond MAX_VISIBLE. */
function withNew(list: Item[], item: Item): Item[] {
  const next = [...list, item];
  let excess = next.filter((entry) => entry.open).length - MAX_VISIBLE;
  return next.map((entry) => (entry.open && excess-- > 0 ? { ...entry, open: false } : entry));
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Default time on screen for toasts (ms). */
  defaultDuration?: number;
}

/** Radix Toast region plus the `useToast()` API for its children. */
export function ToastProvider({ children, defaultDuration = 5000 }: ToastProviderProps) {
  const [items, setItems] = useState<Item[]>([]);
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

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={defaultDuration} swipeDirection="down" label={t('toast.label')}>
        {children}
        {items.map((item) =>
          item.kind === 'toast' ? (
            <RadixToast.Root
              key={item.id}
              className={styles.toast}
              open={item.open}
              duration={item.error ? Infinity : (item.duration ?? defaultDuration)}
              type={item.error ? 'foreground' : 'background'}
              onOpenChange={(open) => {
                if (!open) close(item.id);
              }}
            >
              <div className={styles.body}>
                <RadixToast.Title className={styles.title}>{item.title}</RadixToast.Title>
                {item.description ? (
                  <RadixToast.Description className={styles.description}>{item.description}</RadixToast.Description>
                ) : null}
              </div>
              <RadixToast.Close className={styles.action} aria-label={t('form.close')}>
                <X size={18} aria-hidden="true" />
              </RadixToast.Close>
            </RadixToast.Root>
          ) : (
            <RadixToast.Root
              key={item.id}
              className={styles.toast}
              open={item.open}
              duration={Infinity}
              type="foreground"
              onOpenChange={(open) => {
                if (!open) close(item.id);
              }}
            >
              <div className={styles.body}>
                <RadixToast.Description>{item.message}</RadixToast.Description>
              </div>
              <RadixToast.Action
                className={styles.action}
                altText={item.actionLabel}
                onClick={() => item.onAction?.()}
              >
                {item.actionLabel}
              </RadixToast.Action>
            </RadixToast.Root>
          ),
        )}
        <RadixToast.Viewport className={styles.viewport} label={t('toast.region')} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
