import { useEffect, useState } from 'react';
import { Maximize2 } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';
import styles from './qr-bill.module.css';

/**
 * The payment part of a Swiss QR-bill (an SVG from the server), and a full-screen view of it for the bank app's scanner. The
 * view closes with its button, Escape, and the back gesture (it takes a
 * history entry while open).
 */
export function QrBill({ url, alt, hint = t('register.qrBillHint') }: { url: string; alt: string; hint?: string }) {
  const [failed, setFailed] = useState(false);
  const [full, setFull] = useState(false);

  useEffect(() => {
    if (!full) return;
    window.history.pushState({ ...(window.history.state as object), qrBill: true }, '');
    const onBack = () => setFull(false);
    window.addEventListener('popstate', onBack);
    return () => {
      window.removeEventListener('popstate', onBack);
      // Closed by the button or Escape: drop the entry the view added.
      if ((window.history.state as { qrBill?: boolean } | null)?.qrBill) window.history.back();
    };
  }, [full]);

  if (failed) return <Alert>{t('register.qrBillFailed')}</Alert>;
  const image = <img src={url} alt={alt} className={styles.qrBillImage} width={794} height={397} onError={() => setFailed(true)} />;
  return (
    <figure className={styles.qrBill}>
      <button type="button" className={styles.qrBillLink} onClick={() => setFull(true)} title={t('register.qrBillOpen')}>
        {image}
      </button>
      <figcaption className={styles.qrBillCaption}>
        <span>{hint}</span>
        <Button variant="text" onClick={() => setFull(true)} icon={<Maximize2 size={16} aria-hidden="true" />}>
          {t('register.qrBillOpen')}
        </Button>
      </figcaption>
      <Dialog
        open={full}
        onOpenChange={setFull}
        title={t('register.qrBillTitle')}
        actions={
          <DialogClose>
            <Button>{t('form.close')}</Button>
          </DialogClose>
        }
      >
        <div className={styles.qrBillLink}>{image}</div>
      </Dialog>
    </figure>
  );
}
