import { useEffect, useState } from 'react';
import { t } from '../lib/i18n.ts';
import { AddPasskeyDialog } from './passkey-dialog.tsx';

const answeredKey = (memberId: string) => `rustico.passkeyOffered.${memberId}`;

function answered(memberId: string): boolean {
  try {
    return window.localStorage.getItem(answeredKey(memberId)) !== null;
  } catch {
    return true;
  }
}

function remember(memberId: string): void {
  try {
    window.localStorage.setItem(answeredKey(memberId), new Date().toISOString());
  } catch {
    // Storage refused: the offer may come again after the next login.
  }
}

/**
 * After a password login on a device that can hold a passkey (a fingerprint, a face, a screen
 * lock), the app offers once to add one. Whatever the answer, this device does not ask again
 * for this member: declined, it is declined for good.
 */
export function PasskeyOffer({ memberId, memberName }: { memberId: string; memberName: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (answered(memberId)) return;
    let live = true;
    void PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
      .then((available) => {
        if (live && available) setOpen(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [memberId]);

  if (!open) return null;
  const close = () => {
    remember(memberId);
    setOpen(false);
  };
  return (
    <AddPasskeyDialog
      memberName={memberName}
      title={t('passkeys.offerTitle')}
      description={`${t('passkey.what')} ${t('passkeys.offerText')}`}
      submitLabel={t('passkeys.offerAccept')}
      cancelLabel={t('passkeys.offerDecline')}
      onClose={close}
    />
  );
}
