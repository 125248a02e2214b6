import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import type { ToastItem } from './toast-context.ts';
import styles from './toast.module.css';

export interface ToastRegionProps {
  items: readonly ToastItem[];
  close: (id: number) => void;
  /** Time on screen for toasts that name none (ms). */
  defaultDuration: number;
}

/** The messages of `ToastProvider`, drawn by Radix Toast (swipe, F8, announcements). */
export function ToastRegion({ items, close, defaultDuration }: ToastRegionProps) {
  return (
    <RadixToast.Provider duration={defaultDuration} swipeDirection="down" label={t('toast.label')}>
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
            <RadixToast.Action className={styles.action} altText={item.actionLabel} onClick={() => item.onAction?.()}>
              {item.actionLabel}
            </RadixToast.Action>
          </RadixToast.Root>
        ),
      )}
      <RadixToast.Viewport className={styles.viewport} label={t('toast.region')} />
    </RadixToast.Provider>
  );
}
