import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * The end of a list that comes a page at a time: a button that presses itself
 * when it scrolls into view (and can still be pressed, by keyboard too).
 */
export function LoadMore({ onLoad, loading, label, className }: { onLoad: () => void; loading: boolean; label: string; className?: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const load = useEffectEvent(onLoad);
  useEffect(() => {
    const button = ref.current;
    if (!button || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    }, { rootMargin: '300px' });
    observer.observe(button);
    return () => observer.disconnect();
  }, [loading]);
  return (
    <Button ref={ref} variant="outlined" loading={loading} onClick={onLoad} className={className}>
      {label}
    </Button>
  );
}
