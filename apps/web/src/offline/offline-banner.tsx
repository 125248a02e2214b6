import { CloudOff, CloudUpload, Check, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '../lib/i18n.ts';
import { localClock } from '../lib/moment.ts';
import { useCachedAt } from '../lib/freshness.ts';
import { useOutboxSync } from './use-outbox.ts';
import styles from './offline-banner.module.css';

/**
 * A quiet line above the page while the app is offline, while writes wait in the outbox, and for
 * a moment after they went out; it also sends them. Nothing shows when all is well.
 */
export function OfflineBanner({ userId }: { userId: string }) {
  const { entries, online, synced } = useOutboxSync(userId);
  const cachedAt = useCachedAt();
  const waiting = entries.filter((entry) => !entry.refusal).length;
  const refused = entries.length - waiting;

  let content = null;
  if (refused > 0) {
    content = (
      <>
        <TriangleAlert size={16} aria-hidden="true" />
        <Link to="/app/gestione">{t('offline.refused', { count: refused })}</Link>
      </>
    );
  } else if (waiting > 0) {
    content = (
      <>
        <CloudUpload size={16} aria-hidden="true" />
        <span>{t('offline.waiting', { count: waiting })}</span>
      </>
    );
  } else if (!online) {
    content = (
      <>
        <CloudOff size={16} aria-hidden="true" />
        <span>{cachedAt ? t('offline.offlineSince', { time: localClock(cachedAt) }) : t('offline.offline')}</span>
      </>
    );
  } else if (synced) {
    content = (
      <>
        <Check size={16} aria-hidden="true" />
        <span>{t('offline.synced')}</span>
      </>
    );
  }
  return (
    <div className={styles.slot} role="status" aria-live="polite">
      {content ? <div className={styles.banner}>{content}</div> : null}
    </div>
  );
}
