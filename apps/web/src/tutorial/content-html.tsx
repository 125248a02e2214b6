import type { Language } from '@rustico/core';
import { getLocale, t } from '../lib/i18n.ts';
import { cx } from '../ui/cx.ts';
import styles from './prose.module.css';

export interface ContentHtmlProps {
  /**
   * HTML rendered by the server from the house's Markdown files, with raw HTML
   * disabled (markdown-it `html: false`): only Markdown's own tags can appear.
   */
  html: string;
  /** The language the house wrote it in: the page's when the house has a version in it, else the house's own. */
  language: Language;
  className?: string | undefined;
}

/**
 * A house text (guide, house letter, visitor page) with readable typography. A text in another
 * language than the page's (the house has not written one in it) says so above it, in the page's
 * language, and names its own language for screen readers.
 */
export function ContentHtml({ html, language, className }: ContentHtmlProps) {
  const foreign = language !== getLocale();
  const text = <div className={cx(styles.prose, className)} lang={foreign ? language : undefined} dangerouslySetInnerHTML={{ __html: html }} />;
  if (!foreign) return text;
  return (
    <>
      <p className={styles.houseText}>{t('tutorial.houseText')}</p>
      {text}
    </>
  );
}
