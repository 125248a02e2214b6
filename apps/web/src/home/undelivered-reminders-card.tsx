import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BellOff } from 'lucide-react';
import { formatDisplayDate, type undeliveredRemindersSchema, type UndeliveredReminder } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { FIRST_DATA } from '../lib/api-paths.ts';
import { errorText } from '../lib/error-text.ts';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './home.module.css';

const undeliveredKey = ['reminders', 'undelivered'] as const;
type UndeliveredAnswer = Answer<typeof undeliveredRemindersSchema>;

/** My reminders that reached me by no channel: Home's loader waits for them, so the card is there at the first paint. */
export const undeliveredRemindersQuery = queryOptions({
  queryKey: undeliveredKey,
  queryFn: ({ signal }) => api.get<UndeliveredAnswer>(FIRST_DATA.undeliveredReminders, { signal }).then((data) => data.reminders),
  staleTime: LOADED_BEFORE_MOUNT,
});

function useDismissUndelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: string[]) => api.post<UndeliveredAnswer>('/reminders/undelivered/dismiss', { keys }),
    onSuccess: (data) => queryClient.setQueryData(undeliveredKey, data.reminders),
  });
}

function whatItWas(reminder: UndeliveredReminder): string {
  const dates = { start: reminder.start ? formatDisplayDate(reminder.start) : '', end: reminder.end ? formatDisplayDate(reminder.end) : '' };
  return t(`home.undelivered.kinds.${reminder.reminder}`, dates);
}

/**
 * Home: the reminders that reached me by no channel (push without a device that takes it, and no
 * email to stand in), what each was about and why, until I dismiss them or a later try delivers
 * them; with the way to turn notifications on.
 */
export function UndeliveredRemindersCard({ className }: { className?: string | undefined }) {
  const undelivered = useQuery(undeliveredRemindersQuery);
  const dismiss = useDismissUndelivered();
  const { toast } = useToast();
  const reminders = undelivered.data ?? [];
  if (reminders.length === 0) return null;
  const title = t(reminders.length === 1 ? 'home.undelivered.titleOne' : 'home.undelivered.titleMany');
  return (
    <Card
      className={className}
      title={title}
      aria-label={title}
      icon={<BellOff size={20} />}
      actions={
        <>
          <Link to="/app/impostazioni" className={buttonClass({ variant: 'text' })}>
            {t('home.undelivered.settings')}
          </Link>
          <Button
            variant="outlined"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(reminders.map((r) => r.key), { onError: (error) => toast({ title: errorText(error), error: true }) })}
          >
            {t('home.undelivered.dismiss')}
          </Button>
        </>
      }
    >
      <ul className={styles.undelivered}>
        {reminders.map((reminder) => (
          <li key={reminder.key} data-reminder={reminder.reminder}>
            <span className={styles.undeliveredWhat}>{whatItWas(reminder)}</span>
            <span>{t(`home.undelivered.reasons.${reminder.reason}`)}</span>
            <span className={styles.muted}>{formatMoment(reminder.at)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
