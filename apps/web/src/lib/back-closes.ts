import { useEffect, useRef } from 'react';

/**
 * While `open`, the phone's Back (and the browser's) closes what is open instead of leaving the
 * screen: it takes a history entry of the same address, marked `marker`, and gives it back when
 * what is open closes another way.
 */
export function useBackCloses(open: boolean, close: () => void, marker: string): void {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });

  // Back to an entry this left behind (the screen was left, or reloaded, with it open): nothing is
  // open here any more, so step over it to the entry before, which shows the same address.
  const openAtStart = useRef(open);
  useEffect(() => {
    if (!openAtStart.current && (window.history.state as Record<string, unknown> | null)?.[marker]) window.history.back();
  }, [marker]);

  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...(window.history.state as object), [marker]: true }, '');
    const onBack = () => latestClose.current();
    window.addEventListener('popstate', onBack);
    return () => {
      window.removeEventListener('popstate', onBack);
      // Closed by a button, a key or a tap: drop the entry it added.
      if ((window.history.state as Record<string, unknown> | null)?.[marker]) window.history.back();
    };
  }, [open, marker]);
}
