import { cx } from '../ui/cx.ts';
import styles from './prose.module.css';

export interface ContentHtmlProps {
  /**
   * HTML rendered by the server from the house's Markdown files, with raw HTML
   * disabled (markdown-it `html: false`): only Markdown's own tags can appear.
   */
  html: string;
  className?: string | undefined;
}

/** A house text (guide, house letter, visitor page) with readable typography. */
export function ContentHtml({ html, className }: ContentHtmlProps) {
  return <div className={cx(styles.prose, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
