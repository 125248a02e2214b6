import { useState } from 'react';
import { Fingerprint, Plus, Trash2 } from 'lucide-react';
import { formatDisplayDate, nightsBetween, type Passkey } from '@rustico/core';
import { endSession, useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { errorText } from '../lib/error-text.ts';
import { houseToday } from '../lib/house-today.ts';
import { t } from '../lib/i18n.ts';
import { passkeysHere } from '../lib/passkeys.ts';
import { queryClient } from '../lib/query-client.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { BackToSettings, LoadFailed } from '../ui/forbidden.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { RowList } from '../ui/row-group.tsx';
import { useToast } from '../ui/toast-context.ts';
import { AddPasskeyDialog } from './passkey-dialog.tsx';
import { usePasskeys, useRemovePasskey } from './queries.ts';
import styles from './passkeys.module.css';

/** 'usata oggi', 'usata ieri', 'usata 3 giorni fa', then the date; 'mai usata'. */
export function lastUsedText(lastUsedAt: string | null, now: Date = new Date()): string {
  if (!lastUsedAt) return t('passkeys.neverUsed');
  const day = houseToday(new Date(lastUsedAt));
  const days = nightsBetween(day, houseToday(now));
  if (days <= 0) return t('passkeys.usedToday');
  if (days === 1) return t('passkeys.usedYesterday');
  if (days < 7) return t('passkeys.usedDaysAgo', { days });
  return t('passkeys.usedOn', { date: formatDisplayDate(day) });
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <li className={styles.row}>
      <Fingerprint className={styles.icon} size={22} aria-hidden="true" />
      <div className={styles.info}>
        <p className={styles.nameLine}>
          <span className={styles.name}>{passkey.name}</span>
          {passkey.current ? <span className={styles.badge}>{t('passkeys.thisDevice')}</span> : null}
        </p>
        <p className={styles.meta}>
          {t('passkeys.createdOn', { date: formatDisplayDate(houseToday(new Date(passkey.createdAt))) })} · {lastUsedText(passkey.lastUsedAt)}
        </p>
      </div>
      <Button
        variant="text"
        danger
        className={styles.remove}
        onClick={onRemove}
        aria-label={t('passkeys.removeLabel', { name: passkey.name })}
        icon={<Trash2 size={20} aria-hidden="true" />}
      />
    </li>
  );
}

/** /app/impostazioni/passkey: my passkeys, when each was last used; add one made by this device, remove any. */
export function PasskeysPage() {
  const user = useCurrentUser();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const canAdd = passkeysHere();

  const onRemove = (passkey: Passkey) => {
    setAlert(null);
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setRemoving(null);
        toast({ title: t('passkeys.removed') });
        // This session was signed in with it: it has ended, and the app goes to the login.
        if (passkey.current) endSession(queryClient);
      },
      onError: (error) => {
        setRemoving(null);
        setAlert(errorText(error));
      },
    });
  };

  let content;
  if (passkeys.isPending) content = <Loading />;
  else if (passkeys.isError) content = <LoadFailed onRetry={() => void passkeys.refetch()} />;
  else if (passkeys.data.length === 0) content = <p className={styles.empty}>{t('passkeys.empty')}</p>;
  else {
    content = (
      <RowList label={t('passkeys.listLabel')}>
        {passkeys.data.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
        ))}
      </RowList>
    );
  }

  return (
    <Page
      title={t('passkeys.title')}
      lead={`${t('passkey.what')} ${t('passkeys.lead')}`}
      titleSuffix={config.houseName}
      before={<BackToSettings />}
    >
      {canAdd ? (
        <div className={styles.toolbar}>
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        </div>
      ) : (
        <Alert tone="info">{t('passkeys.unsupported')}</Alert>
      )}
      {alert ? <Alert>{alert}</Alert> : null}
      {content}
      {adding ? <AddPasskeyDialog memberName={user.name} onClose={() => setAdding(false)} /> : null}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('passkeys.removeTitle', { name: removing?.name ?? '' })}
        description={removing?.current ? `${t('passkeys.removeText')} ${t('passkeys.removeCurrentText')}` : t('passkeys.removeText')}
        actions={
          <>
            <Button variant="text" onClick={() => setRemoving(null)}>
              {t('form.cancel')}
            </Button>
            <Button danger loading={remove.isPending} onClick={() => removing && onRemove(removing)}>
              {t('passkeys.removeConfirm')}
            </Button>
          </>
        }
      />
    </Page>
  );
}

export { PasskeysPage as Component };
