import { useId, useState, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import { Button } from './button.tsx';
import styles from './data-table.module.css';

/** A chart's numbers as a table, behind a 'Mostra i numeri' toggle. */
export function Numbers({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.numbers}>
      <Button variant="text" className={styles.toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {open ? t('admin.statistics.hideNumbers') : t('admin.statistics.showNumbers')}
      </Button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** Classes of a data table: `table`, `number` (right-aligned figures), `dates`, `who` + `dot` (a member's colour), `muted`. */
export { styles as tableStyles };
