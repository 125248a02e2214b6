import { ComingSoon } from '../../ui/coming-soon.tsx';

/** Gestione › Registra: check-in, check-out and payment of my stays. */
export function RegisterTab() {
  return <ComingSoon />;
}
