import { Link } from 'react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Alert } from './alert.tsx';
import { Button, buttonClass } from './button.tsx';
import { Card } from './card.tsx';
import { pageStyles } from './page.tsx';
import styles from './forbidden.module.css';

/** The back link above an admin page's title. */
export function BackToSettings() {
  return (
    <Link to="/app/impostazioni" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('settings.title')}
    </Link>
  );
}

/** What someone without the role sees instead of an admin page. */
export function Forbidden() {
  return (
    <Card>
      <div className={styles.message}>
        <Lock size={28} aria-hidden="true" className={styles.muted} />
        <p>{t('admin.forbidden')}</p>
        <Link to="/app/impostazioni" className={buttonClass({ variant: 'outlined' })}>
          {t('admin.back')}
        </Link>
      </div>
    </Card>
  );
}

/** A failed load with a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert>
      <span className={styles.message}>
        {t('admin.loadFailed')}
        <Button variant="outlined" onClick={onRetry}>
          {t('admin.retry')}
        </Button>
      </span>
    </Alert>
  );
}
