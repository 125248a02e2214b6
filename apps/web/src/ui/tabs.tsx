import type { ComponentProps } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { cx } from './cx.ts';
import styles from './tabs.module.css';

/** Radix Tabs with the app's look. Give `TabsList` an `aria-label`. */
export function Tabs(props: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List {...props} className={cx(styles.list, className)} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger {...props} className={cx(styles.trigger, className)} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content {...props} className={cx(styles.content, className)} />;
}
