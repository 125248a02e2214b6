import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Mail, NotebookPen } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { ContentHtml } from '../tutorial/content-html.tsx';
import { FIRST_DATA } from '../lib/api-paths.ts';
import { contentKeys, fetchContent } from '../tutorial/content.ts';
import { buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Loading } from '../ui/loading.tsx';
import styles from './house-letter.module.css';

export interface HouseLetterProps {
  className?: string | undefined;
}

/** Home: the house letter (content/welcome.md: the house rules), with a way to the notes. */
export const houseLetterQuery = queryOptions({
  queryKey: contentKeys.welcome(),
  queryFn: ({ signal }) => fetchContent(FIRST_DATA.houseLetter, signal),
  staleTime: 30 * 60_000,
});

export function HouseLetter({ className }: HouseLetterProps) {
  const letter = useQuery(houseLetterQuery);
  let body;
  if (letter.isPending) body = <Loading fill />;
  else if (letter.isError) body = <p className={styles.muted}>{t('homeCards.loadFailed')}</p>;
  else if (letter.data.html === null) body = <p className={styles.muted}>{t('homeCards.letterEmpty')}</p>;
  else body = <ContentHtml html={letter.data.html} language={letter.data.language} className={styles.letter} />;
  return (
    <Card
      title={t('homeCards.letter')}
      icon={<Mail size={20} />}
      className={cx(styles.card, className)}
      aria-busy={letter.isPending || undefined}
      actions={
        <Link to="/app/gestione#note" className={buttonClass({ variant: 'outlined' })}>
          <NotebookPen size={18} aria-hidden="true" />
          {t('homeCards.writeNote')}
        </Link>
      }
    >
      <div className={letter.isPending ? styles.loadingBody : undefined}>{body}</div>
    </Card>
  );
}
