import { useId, useState } from 'react';
import { History } from 'lucide-react';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { ChangeList } from './change-list.tsx';
import { useBookingChanges } from './queries.ts';
import styles from './history.module.css';

/** A booking's «Cronologia», asked for when opened: who made, moved, checked in, paid, and when. */
export function BookingChanges({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const changes = useBookingChanges(bookingId, open);
  let content = null;
  if (open) {
    if (changes.isPending) content = <Loading />;
    else if (changes.isError) content = <Alert>{errorText(changes.error)}</Alert>;
    else content = <ChangeList changes={changes.data} />;
  }
  return (
    <div className={styles.disclosure}>
      <Button variant="text" icon={<History size={16} aria-hidden="true" />} aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {open ? t('history.hide') : t('history.show')}
      </Button>
      <div id={id} hidden={!open}>
        {content}
      </div>
    </div>
  );
}
