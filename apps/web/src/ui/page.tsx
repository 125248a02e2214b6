import { useEffect, type ReactNode } from 'react';
import styles from './page.module.css';

/** Sets the document title while a page is shown. */
export function useDocumentTitle(title: string, suffix?: string): void {
  useEffect(() => {
    document.title = suffix ? `${title} · ${suffix}` : title;
  }, [title, suffix]);
}

export interface PageProps {
  title: string;
  lead?: string | undefined;
  /** Text after the page title in the browser tab. */
  titleSuffix?: string | undefined;
  /** Element above the title, e.g. a back link (style with `pageStyles.back`). */
  before?: ReactNode;
  children?: ReactNode;
}

/** A screen's main column: one h1, an optional lead line, then the content. */
export function Page({ title, lead, titleSuffix, before, children }: PageProps) {
  useDocumentTitle(title, titleSuffix);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {before}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

export { styles as pageStyles };
