import { useState } from 'react';
import { Languages, RefreshCw, Share2, Trash2 } from 'lucide-react';
import { type sessionResponseSchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { checkForUpdate, clearAppCaches } from '../lib/app-update.ts';
import { errorText } from '../lib/error-text.ts';
import { config } from '../lib/config.ts';
import { getLocale, t } from '../lib/i18n.ts';
import { LOCALES, storeLocale, type LocaleCode } from '../lib/locale-preference.ts';
import { useToast } from '../ui/toast-context.ts';
import { ChoiceRow } from './choice-row.tsx';
import { ActionRow } from './settings-row.tsx';

/**
 * Italiano, Deutsch, English, Français: kept with the member on the server (every
 * device, the notifications) and on this device; the app reloads in it.
 */
export function LanguageRow() {
  const current = getLocale();
  const { toast } = useToast();
  const choose = async (choice: LocaleCode) => {
    try {
      await api.put<Answer<typeof sessionResponseSchema>>('/profile/language', { language: choice });
    } catch (error) {
      toast({ title: errorText(error), error: true });
      return;
    }
    if (choice === current) return;
    storeLocale(choice);
    window.location.reload();
  };
  return (
    <ChoiceRow
      icon={<Languages size={22} />}
      label={t('settings.language')}
      description={t('settings.languageDescription')}
      options={LOCALES.map((value) => ({ value, label: t(`language.${value}`), lang: value }))}
      value={current}
      hint={t(`language.${current}`)}
      confirmLabel={t('language.apply')}
      onConfirm={(choice: LocaleCode) => void choose(choice)}
    />
  );
}

/** Deletes this app's caches and reloads; offline it explains why it cannot. */
export function ClearCacheRow() {
  const { toast, snackbar } = useToast();
  const [busy, setBusy] = useState(false);

  const onClick = () => {
    if (!navigator.onLine) {
      snackbar({ message: t('settings.clearCacheOffline'), actionLabel: t('form.ok') });
      return;
    }
    setBusy(true);
    clearAppCaches()
      .then(() => window.location.reload())
      .catch((error: unknown) => {
        console.warn('Clearing the caches failed', error);
        toast({ title: t('settings.clearCacheFailed'), error: true });
        setBusy(false);
      });
  };

  return (
    <ActionRow
      icon={<Trash2 size={22} />}
      label={t('settings.clearCache')}
      hint={t('settings.clearCacheHint')}
      onClick={onClick}
      disabled={busy}
    />
  );
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Web Share with the app's title, text and address; otherwise the link is copied. */
export function ShareRow() {
  const { toast } = useToast();

  const onClick = async () => {
    const url = window.location.origin;
    const data = { title: config.houseName, text: t('settings.shareText'), url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The user closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    toast({ title: (await copyText(url)) ? t('settings.linkCopied') : t('settings.copyFailed') });
  };

  return <ActionRow icon={<Share2 size={22} />} label={t('settings.share')} hint={t('settings.shareHint')} onClick={() => void onClick()} />;
}

/** Looks for a newer service worker (app version) and offers to reload into it. */
export function UpdateRow() {
  const { toast, snackbar } = useToast();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const result = await checkForUpdate();
      if (result.status === 'available') {
        snackbar({ message: t('settings.updateAvailable'), actionLabel: t('settings.updateReload'), onAction: result.apply });
      } else if (result.status === 'current') {
        toast({ title: t('settings.upToDate') });
      } else {
        toast({ title: t('settings.updatesUnavailable') });
      }
    } catch (error) {
      console.warn('Checking for updates failed', error);
      toast({ title: t('settings.updateFailed'), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionRow
      icon={<RefreshCw size={22} />}
      label={t('settings.checkUpdates')}
      hint={t('settings.version', { version: config.version })}
      onClick={() => void onClick()}
      disabled={busy}
    />
  );
}
