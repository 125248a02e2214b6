import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast-context.ts';
import { withdrawOutboxEntries } from './flush.ts';
import type { OutboxEntry } from './outbox-store.ts';

export type WithdrawnKind = 'note' | 'checkin' | 'checkout' | 'payment';

export interface WithdrawButtonProps {
  kind: WithdrawnKind;
  entry: OutboxEntry;
  /** Waiting writes that need this one and go with it (a check-out after its check-in). */
  dependents?: OutboxEntry[];
}

/** «Ritira»: a write waiting on the phone is taken back after a confirmation, before it is sent. */
export function WithdrawButton({ kind, entry, dependents = [] }: WithdrawButtonProps) {
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const withdraw = async () => {
    setPending(true);
    try {
      const withdrawn = await withdrawOutboxEntries([entry.key, ...dependents.map((dependent) => dependent.key)]);
      toast({ title: withdrawn ? t(`stay.withdrawn.${kind}`) : t('stay.sentMeanwhile') });
    } catch {
      toast({ title: t('stay.withdrawFailed'), error: true });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  const text = t(`stay.withdrawText.${kind}`);
  return (
    <Dialog
      open={confirming}
      onOpenChange={setConfirming}
      title={t(`stay.withdrawTitle.${kind}`)}
      description={dependents.length > 0 ? `${text} ${t('stay.withdrawCheckoutToo')}` : text}
      trigger={
        <Button variant="text" icon={<Undo2 size={18} aria-hidden="true" />}>
          {t('stay.withdraw')}
        </Button>
      }
      actions={
        <DialogActions>
          <Button loading={pending} onClick={() => void withdraw()}>
            {t('stay.withdraw')}
          </Button>
        </DialogActions>
      }
    />
  );
}
