import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type unsubscribeResponseSchema, type NotificationKind } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import styles from './auth-layout.module.css';
import { Logo } from '../ui/logo.tsx';

/**
 * /disiscrizione/:token: the footer link of every email. It works without logging in
 * (the token is signed) and asks for a click, so mail scanners opening links change nothing.
 */
export function UnsubscribePage() {
  useDocumentTitle(t('unsubscribe.title'), config.houseName);
  const { token = '' } = useParams();
  const [done, setDone] = useState<NotificationKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setDone((await api.post<Answer<typeof unsubscribeResponseSchema>>('/unsubscribe', { token })).kind);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <Logo className={styles.logo} size={72} />
          <h1 className={styles.title}>{t('unsubscribe.title')}</h1>
          {done ? null : <p className={styles.subtitle}>{t('unsubscribe.text')}</p>}
        </header>
        {failure ? <Alert>{failure}</Alert> : null}
        {done ? (
          <Alert tone="info">
            <strong>{t(`unsubscribe.kinds.${done}`)}</strong>: {t('unsubscribe.done')}
          </Alert>
        ) : (
          <Button block loading={busy} onClick={() => void onConfirm()}>
            {t('unsubscribe.submit')}
          </Button>
        )}
        <Link to="/app/impostazioni" className={buttonClass({ variant: done ? 'filled' : 'text', block: true })}>
          {t('unsubscribe.toApp')}
        </Link>
      </div>
    </main>
  );
}

export { UnsubscribePage as Component };
