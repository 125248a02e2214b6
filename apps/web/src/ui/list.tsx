import type { ReactNode } from 'react';
import styles from './list.module.css';

/** A list of rows separated by thin lines, inside a card. */
export function List({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

export interface ListRowProps {
  /** A picture or an icon in a 48 px tile at the start. */
  leading?: ReactNode;
  title: ReactNode;
  detail?: ReactNode;
  /** At the end: an amount, badges. */
  trailing?: ReactNode;
  /** Makes the row a button. */
  onClick?: () => void;
  /**
   * Words a screen reader hears before the row's text when it is a button ('Apri la spesa'):
   * its name is its visible text after them, so the name holds what is seen (WCAG 2.5.3).
   */
  action?: string;
}

/** One row of a List: leading tile, title and detail, trailing figures. */
export function ListRow({ leading, title, detail, trailing, onClick, action }: ListRowProps) {
  const content = (
    <>
      {onClick && action ? <span className="visually-hidden">{`${action} `}</span> : null}
      {leading ? (
        <span className={styles.leading} aria-hidden="true">
          {leading}
        </span>
      ) : null}
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {detail ? <span className={styles.detail}>{detail}</span> : null}
      </span>
      {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
    </>
  );
  return (
    <li>
      {onClick ? (
        <button type="button" className={styles.row} onClick={onClick}>
          {content}
        </button>
      ) : (
        <div className={styles.row}>{content}</div>
      )}
    </li>
  );
}

/** A small pill in a row's trailing column; `good` in the pine colour. */
export function Badge({ tone, children }: { tone?: 'good'; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
