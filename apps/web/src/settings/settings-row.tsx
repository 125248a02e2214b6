import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { cx } from '../ui/cx.ts';
import { Switch } from '../ui/switch.tsx';
import styles from './settings.module.css';

interface RowContentProps {
  icon: ReactNode;
  label: string;
  hint?: string | undefined;
  trailing?: ReactNode;
}

function RowContent({ icon, label, hint, trailing }: RowContentProps) {
  return (
    <>
      <span className={styles.rowIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.rowText}>
        <span>{label}</span>
        {hint ? <span className={styles.rowHint}>{hint}</span> : null}
      </span>
      {trailing}
    </>
  );
}

/** A settings row that navigates. */
export function LinkRow({ to, ...content }: RowContentProps & { to: string }) {
  return (
    <Link to={to} className={styles.row}>
      <RowContent {...content} trailing={<ChevronRight className={styles.chevron} size={20} aria-hidden="true" />} />
    </Link>
  );
}

/** A settings row that runs an action. */
export function ActionRow({
  onClick,
  disabled,
  danger,
  ...content
}: RowContentProps & { onClick: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      className={cx(styles.row, danger && styles.danger)}
      onClick={onClick}
      disabled={disabled}
      aria-busy={disabled || undefined}
    >
      <RowContent {...content} />
    </button>
  );
}

/** A row shown for information only (features that have no action yet, or a status). */
export function StaticRow({
  badge,
  badgeTone,
  ...content
}: RowContentProps & { badge?: string; badgeTone?: 'positive' | undefined }) {
  return (
    <div className={styles.row}>
      <RowContent
        {...content}
        trailing={
          badge ? <span className={cx(styles.badge, badgeTone === 'positive' && styles.positive)}>{badge}</span> : null
        }
      />
    </div>
  );
}

/** A row with an on/off switch; the label toggles it too. */
export function SwitchRow({
  icon,
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  hint?: string | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.row}>
      <span className={styles.rowIcon} aria-hidden="true">
        {icon}
      </span>
      <div className={styles.rowText}>
        <Switch label={label} description={hint} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
      </div>
    </div>
  );
}
