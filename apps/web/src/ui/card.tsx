import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './card.module.css';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: string | undefined;
  /** Heading level of the title; 2 by default. */
  headingLevel?: 2 | 3 | 4;
  icon?: ReactNode;
  actions?: ReactNode;
}

/** Surface for a block of content; a section named by its title when there is one. */
export function Card({ title, headingLevel = 2, icon, actions, className, children, ...props }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section {...props} className={cx(styles.card, className)}>
      {title ? (
        <header className={styles.header}>
          {icon ? (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <Heading className={styles.title}>{title}</Heading>
        </header>
      ) : null}
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
