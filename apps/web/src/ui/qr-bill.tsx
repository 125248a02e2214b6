import { useEffect, useState } from 'react';
import { Maximize2 } from 'lucide-react';
import { useBackCloses } from '../lib/back-closes.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';
import { cx } from './cx.ts';
import styles from './qr-bill.module.css';

/**
 * On a phone the full-screen view asks for the whole screen (no address bar), where the browser
 * allows it (Android's Chrome: from the tap itself); elsewhere it fills the window. It never turns
 * the screen: the view lays itself out for the way the phone is held.
 */
function takeWholeScreen(): void {
  const page = document.documentElement;
  if (!window.matchMedia('(pointer: coarse)').matches || !page.requestFullscreen) return;
  page.requestFullscreen({ navigationUI: 'hide' }).catch(() => undefined);
}

function giveScreenBack(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}

/**
 * The payment part of a Swiss QR-bill (an SVG from the server), and a full-screen view of it for
 * the bank app's scanner: above everything else, the QR code at least its printed 46 mm however the
 * phone is held. The view closes with its button, Escape, and Back (it takes a history entry while open).
 */
export function QrBill({ url, alt, hint = t('register.qrBillHint') }: { url: string; alt: string; hint?: string }) {
  const [failed, setFailed] = useState(false);
  const [full, setFull] = useState(false);

  useBackCloses(full, () => setFull(false), 'qrBill');
  useEffect(() => (full ? giveScreenBack : undefined), [full]);

  const open = () => {
    takeWholeScreen();
    setFull(true);
  };

  if (failed) return <Alert>{t('register.qrBillFailed')}</Alert>;
  return (
    <figure className={styles.qrBill}>
      <button type="button" className={styles.qrBillLink} onClick={open} title={t('register.qrBillOpen')}>
        <img src={url} alt={alt} className={styles.qrBillImage} width={794} height={397} onError={() => setFailed(true)} />
      </button>
      <figcaption className={styles.qrBillCaption}>
        <span>{hint}</span>
        <Button variant="text" onClick={open} icon={<Maximize2 size={16} aria-hidden="true" />}>
          {t('register.qrBillOpen')}
        </Button>
      </figcaption>
      <Dialog
        open={full}
        onOpenChange={setFull}
        title={t('register.qrBillTitle')}
        contentClassName={styles.full}
        actions={
          <DialogClose>
            <Button>{t('form.close')}</Button>
          </DialogClose>
        }
      >
        <div className={styles.fullArea}>
          {/* The payment part alone (the receipt is for paper): the QR code with the amount, then the rest. */}
          <div className={styles.fullBill}>
            <div className={cx(styles.piece, styles.qrPiece)}>
              <img src={url} alt={alt} width={794} height={397} />
            </div>
            <div className={cx(styles.piece, styles.detailsPiece)}>
              <img src={url} alt="" width={794} height={397} />
            </div>
          </div>
        </div>
      </Dialog>
    </figure>
  );
}
