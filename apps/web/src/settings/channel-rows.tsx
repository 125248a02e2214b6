import { BellRing, CalendarClock, MailWarning, Mails, Scale, StickyNote } from 'lucide-react';
import { Fragment } from 'react';
import { channels, emailPaces, includesEmail, isPacedKind, notificationKinds, type Channel, type EmailPace, type NotificationKind } from '@rustico/core';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { useToast } from '../ui/toast-context.ts';
import { ChoiceRow } from './choice-row.tsx';
import { useNotificationSettings, useSaveNotificationChoices } from './queries.ts';
import { StaticRow } from './settings-row.tsx';

const ICONS: Record<NotificationKind, typeof BellRing> = { bookings: CalendarClock, notes: StickyNote, reminders: BellRing, fairness: Scale };
// Built at render, not at load: the catalog may register after this module evaluates.
const channelOptions = () => channels.map((value: Channel) => ({ value, label: t(`settings.channelOptions.${value}`) }));
const paceOptions = () => emailPaces.map((value: EmailPace) => ({ value, label: t(`settings.paceOptions.${value}`) }));

/**
 * One row per kind of message: push, email, both or none, saved on the server for every device;
 * for others' bookings and notes by email, a row for their pace (at once, or the daily summary).
 */
export function ChannelRows() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationChoices();
  const { toast } = useToast();

  if (!settings.data) {
    // The same rows as the answer will fill, so the page does not move when it comes.
    const hint = settings.isError ? t('settings.channelsLoadFailed') : t('app.loading');
    return (
      <>
        {notificationKinds.map((kind) => {
          const Icon = ICONS[kind];
          return (
            <li key={kind}>
              <StaticRow icon={<Icon size={22} />} label={t(`settings.channels.${kind}`)} hint={hint} />
            </li>
          );
        })}
        {config.mailEnabled ? null : (
          <li>
            <StaticRow icon={<MailWarning size={22} />} label={t('settings.mailOff')} />
          </li>
        )}
      </>
    );
  }
  const { choices, paces, mailEnabled } = settings.data;
  const saved = { onSuccess: () => toast({ title: t('settings.channelSaved') }), onError: () => toast({ title: t('settings.channelSaveFailed') }) };
  return (
    <>
      {notificationKinds.map((kind) => {
        const Icon = ICONS[kind];
        // Right under its kind: how others' bookings or notes come by email, when they do.
        const paced = mailEnabled && isPacedKind(kind) && includesEmail(choices[kind]) ? kind : null;
        return (
          <Fragment key={kind}>
            <li>
              <ChoiceRow
                icon={<Icon size={22} />}
                label={t(`settings.channels.${kind}`)}
                description={mailEnabled ? t(`settings.channelDescriptions.${kind}`) : `${t(`settings.channelDescriptions.${kind}`)} ${t('settings.mailOff')}`}
                options={channelOptions()}
                value={choices[kind]}
                hint={t(`settings.channelOptions.${choices[kind]}`)}
                confirmLabel={t('form.save')}
                onConfirm={(channel) => save.mutate({ ...choices, [kind]: channel }, saved)}
              />
            </li>
            {paced ? (
              <li>
                <ChoiceRow
                  icon={<Mails size={22} />}
                  label={t(`settings.paces.${paced}`)}
                  description={t('settings.paceDescription')}
                  options={paceOptions()}
                  value={paces[paced]}
                  hint={t(`settings.paceOptions.${paces[paced]}`)}
                  confirmLabel={t('form.save')}
                  onConfirm={(pace) => save.mutate({ ...choices, paces: { [paced]: pace } }, saved)}
                />
              </li>
            ) : null}
          </Fragment>
        );
      })}
      {mailEnabled ? null : (
        <li>
          <StaticRow icon={<MailWarning size={22} />} label={t('settings.mailOff')} />
        </li>
      )}
    </>
  );
}
