import { useEffect, useState } from 'react';
import { Bell, Timer } from 'lucide-react';
import { getLocale, t } from '../lib/i18n.ts';
import {
  TOAST_DURATIONS,
  storeToastDuration,
  storedToastDuration,
  type ToastDurationChoice,
} from '../lib/preferences.ts';
import { inNextTask } from '../lib/next-task.ts';
import { disablePush, enablePush, pushEnabled, pushSupported } from '../lib/push.ts';
import { useToast } from '../ui/toast-context.ts';
import { ChoiceRow } from './choice-row.tsx';
import { SwitchRow } from './settings-row.tsx';

/** Web Push on this device: on asks the browser's permission and stores the subscription on the server. */
export function PushSwitchRow() {
  const { toast } = useToast();
  const supported = pushSupported();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(supported);

  useEffect(() => {
    if (!supported) return;
    // Reading the permission is a round trip to the browser: not in the task of the screen's effects.
    return inNextTask(() => {
      let active = true;
      pushEnabled()
        .then((on) => {
          if (active) setChecked(on);
        })
        .catch(() => undefined)
        .finally(() => {
          if (active) setBusy(false);
        });
      return () => {
        active = false;
      };
    });
  }, [supported]);

  const turnOn = async () => {
    try {
      const result = await enablePush();
      if (result === 'enabled') {
        toast({ title: t('push.enabled') });
        return;
      }
      setChecked(false);
      toast({ title: t(result === 'denied' ? 'push.blocked' : 'push.unsupported') });
    } catch (error) {
      console.warn('Turning push notifications on failed', error);
      setChecked(false);
      toast({ title: t('push.failed'), error: true });
    }
  };

  const turnOff = async () => {
    try {
      await disablePush();
      toast({ title: t('push.disabled') });
    } catch (error) {
      console.warn('Turning push notifications off failed', error);
      toast({ title: t('push.offFailed'), error: true });
      setChecked(await pushEnabled().catch(() => false));
    }
  };

  const onChange = (next: boolean) => {
    setChecked(next);
    setBusy(true);
    void (next ? turnOn() : turnOff()).finally(() => setBusy(false));
  };

  return (
    <SwitchRow
      icon={<Bell size={22} />}
      label={t('push.label')}
      hint={supported ? t('push.hint') : t('push.unsupported')}
      checked={checked}
      onCheckedChange={onChange}
      disabled={!supported || busy}
    />
  );
}

const DURATION_CHOICES = Object.keys(TOAST_DURATIONS) as ToastDurationChoice[];

/** '7,5' (a point in English): by hand, since a number's toLocaleString would be the screen's first Intl use (lib/moment.ts). */
function durationSeconds(choice: ToastDurationChoice): string {
  const seconds = String(TOAST_DURATIONS[choice] / 1000);
  return getLocale() === 'en' ? seconds : seconds.replace('.', ',');
}

function durationLabel(choice: ToastDurationChoice): string {
  return t('settings.durationOption', { label: t(`settings.durations.${choice}`), seconds: durationSeconds(choice) });
}

/** How long a message that arrives in the open app stays on screen; kept on this device. */
export function DurationRow() {
  const [saved, setSaved] = useState<ToastDurationChoice>(storedToastDuration);
  return (
    <ChoiceRow
      icon={<Timer size={22} />}
      label={t('settings.duration')}
      description={t('settings.durationDescription')}
      options={DURATION_CHOICES.map((value) => ({ value, label: durationLabel(value) }))}
      value={saved}
      hint={durationLabel(saved)}
      confirmLabel={t('form.save')}
      onConfirm={(choice) => {
        storeToastDuration(choice);
        setSaved(choice);
      }}
    />
  );
}
