import { Link } from 'react-router';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import styles from './visitor-page.module.css';

/** /visitatore: the public welcome page for guests (no booking information). */
export function VisitorPage() {
  useDocumentTitle(t('visitor.title'), config.houseName);
  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <header className={styles.header}>
          <img className={styles.logo} src="/icon.svg" alt="" width={64} height={64} />
          <h1 className={styles.title}>{t('visitor.title')}</h1>
        </header>
        <Card>
          <p className={styles.lead}>{t('visitor.lead')}</p>
          <p className={styles.body}>{t('visitor.body')}</p>
        </Card>
        <Link to="/login" className={buttonClass({ variant: 'outlined' })}>
          {t('visitor.toLogin')}
        </Link>
      </div>
    </main>
  );
}

export { VisitorPage as Component };
