import { useId } from 'react';
import type { Member } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { DialogClose } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './users.module.css';

/** A one-time password, with a copy button and the warning that it is not shown again. */
export function PasswordShown({ member, password }: { member: Member; password: string }) {
  const labelId = useId();
  return (
    <>
      <div className={styles.secret}>
        <span id={labelId} className={styles.secretLabel}>
          {t('admin.users.password')}
        </span>
        <output aria-labelledby={labelId} className={styles.secretValue}>
          {password}
        </output>
      </div>
      <p className={styles.muted}>{t('admin.users.passwordFor', { email: member.email })}</p>
      <Alert tone="info">{t('admin.users.passwordOnce')}</Alert>
    </>
  );
}

export function PasswordActions({ password }: { password: string }) {
  const { toast } = useToast();
  const copy = () => {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) {
      toast({ title: t('admin.users.copyFailed'), error: true });
      return;
    }
    clipboard.writeText(password).then(
      () => toast({ title: t('admin.users.copied') }),
      () => toast({ title: t('admin.users.copyFailed'), error: true }),
    );
  };
  return (
    <>
      <Button variant="outlined" onClick={copy}>
        {t('admin.users.copy')}
      </Button>
      <DialogClose>
        <Button>{t('admin.users.passwordDone')}</Button>
      </DialogClose>
    </>
  );
}
