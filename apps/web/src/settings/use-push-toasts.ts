import { useEffect } from 'react';
import { isPushToPage } from '../lib/push.ts';
import { toastDurationMs } from '../lib/preferences.ts';
import { useToast } from '../ui/toast-context.ts';

/**
 * While the app is open and visible, the service worker hands push messages
 * to the page instead of showing a system notification: they appear as a
 * toast with title and body for the duration chosen on this device.
 */
export function usePushToasts(): void {
  const { toast } = useToast();

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (!isPushToPage(event.data)) return;
      const { title, body } = event.data.message;
      toast({ title, description: body, duration: toastDurationMs() });
    };
    container.addEventListener('message', onMessage);
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, [toast]);
}
