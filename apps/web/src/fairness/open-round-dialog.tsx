import { useState } from 'react';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { nightsBetween, type IsoDate } from '@rustico/core';
import { useMembers } from '../members/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { DateField } from '../ui/date-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { Select } from '../ui/select.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './fairness.module.css';
import { useOpenRound, useSuggestedOrder } from './queries.ts';

interface Person {
  memberId: string;
  name: string;
}

const wholeNumber = (text: string, min: number, max: number): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
};

function OrderList({ order, onChange }: { order: readonly Person[]; onChange: (order: Person[]) => void }) {
  const move = (index: number, by: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <ol className={styles.order} aria-label={t('fairness.turns.order')}>
      {order.map((person, index) => (
        <li key={person.memberId}>
          <span className={styles.orderName}>{person.name}</span>
          <Button
            variant="text"
            className={styles.iconButton}
            aria-label={t('fairness.turns.moveUp', { name: person.name })}
            disabled={index === 0}
            icon={<ArrowUp size={18} aria-hidden="true" />}
            onClick={() => move(index, -1)}
          />
          <Button
            variant="text"
            className={styles.iconButton}
            aria-label={t('fairness.turns.moveDown', { name: person.name })}
            disabled={index === order.length - 1}
            icon={<ArrowDown size={18} aria-hidden="true" />}
            onClick={() => move(index, 1)}
          />
          <Button
            variant="text"
            danger
            className={styles.iconButton}
            aria-label={t('fairness.turns.remove', { name: person.name })}
            icon={<X size={18} aria-hidden="true" />}
            onClick={() => onChange(order.filter((p) => p.memberId !== person.memberId))}
          />
        </li>
      ))}
    </ol>
  );
}

/**
 * An admin opens picking turns for a range: the order comes prefilled with
 * the rotation Rustico suggests (last round's order moved on by one), and can
 * be changed; nights per turn and hours per turn.
 */
function OpenRoundDialog({ onClose }: { onClose: () => void }) {
  const open = useOpenRound();
  const { toast } = useToast();
  const [from, setFrom] = useState<IsoDate | null>(null);
  const [to, setTo] = useState<IsoDate | null>(null);
  const [nights, setNights] = useState('7');
  const [hours, setHours] = useState('48');
  // Null until the admin changes it: the suggestion for the chosen start fills it meanwhile.
  const [edited, setEdited] = useState<Person[] | null>(null);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'dates' | 'nights' | 'hours' | 'order' | 'form', string>>>({});
  const suggested = useSuggestedOrder(from, true);
  const members = useMembers(true);

  const current = edited ?? suggested.data?.order.map(({ memberId, name }) => ({ memberId, name })) ?? [];
  const missing = (members.data ?? []).filter((m) => !m.disabled && !current.some((p) => p.memberId === m.id));
  const changeOrder = (next: Person[]) => {
    setEdited(next);
    setErrors((e) => ({ ...e, order: undefined }));
  };

  const submit = () => {
    const nightsPerTurn = wholeNumber(nights, 1, 366);
    const windowHours = wholeNumber(hours, 1, 720);
    const found: typeof errors = {};
    if (!from || !to || nightsBetween(from, to) < 0) found.dates = t('fairness.turns.datesMissing');
    if (nightsPerTurn === null) found.nights = t('fairness.rules.invalidNumber', { min: 1, max: 366 });
    if (windowHours === null) found.hours = t('fairness.rules.invalidNumber', { min: 1, max: 720 });
    if (current.length === 0) found.order = t('fairness.turns.orderEmpty');
    setErrors(found);
    if (Object.keys(found).length > 0 || !from || !to || nightsPerTurn === null || windowHours === null) return;
    open.mutate(
      { from, to, order: current.map((p) => p.memberId), nightsPerTurn, windowHours },
      {
        onSuccess: () => {
          toast({ title: t('fairness.turns.opened') });
          onClose();
        },
        onError: (error) => setErrors({ form: errorText(error) }),
      },
    );
  };

  return (
    <FormDialog
      title={t('fairness.turns.openTitle')}
      description={t('fairness.turns.openText')}
      submitLabel={t('fairness.turns.open')}
      pending={open.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={styles.fields}>
        <DateField label={t('fairness.turns.from')} value={from} onChange={setFrom} required error={errors.dates} />
        <DateField label={t('fairness.turns.to')} value={to} onChange={setTo} required />
        <TextField
          label={t('fairness.turns.nightsPerTurn')}
          inputMode="numeric"
          value={nights}
          onChange={(event) => setNights(event.target.value)}
          error={errors.nights}
          onClearError={() => setErrors((e) => ({ ...e, nights: undefined }))}
        />
        <TextField
          label={t('fairness.turns.windowHours')}
          inputMode="numeric"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={errors.hours}
          onClearError={() => setErrors((e) => ({ ...e, hours: undefined }))}
        />
      </div>
      <h3 className={styles.subheading}>{t('fairness.turns.order')}</h3>
      <p className={styles.muted}>{t('fairness.turns.orderHint')}</p>
      <OrderList order={current} onChange={changeOrder} />
      {missing.length > 0 ? (
        <div className={styles.addRow}>
          <Select
            label={t('fairness.turns.addMember')}
            value={adding}
            onValueChange={setAdding}
            options={missing.map((m) => ({ value: m.id, label: m.name }))}
          />
          <Button
            variant="outlined"
            disabled={!adding}
            onClick={() => {
              const member = missing.find((m) => m.id === adding);
              if (member) changeOrder([...current, { memberId: member.id, name: member.name }]);
              setAdding('');
            }}
          >
            {t('fairness.turns.addMember')}
          </Button>
        </div>
      ) : null}
      {errors.order ? <Alert>{errors.order}</Alert> : null}
      {errors.form ? <Alert>{errors.form}</Alert> : null}
    </FormDialog>
  );
}

/** "Apri turni" and its dialog, for the rules page: Home and the calendar show the rounds but never open one. */
export function OpenRoundButton() {
  const [opening, setOpening] = useState(false);
  return (
    <>
      <Button variant="outlined" icon={<Plus size={18} aria-hidden="true" />} onClick={() => setOpening(true)}>
        {t('fairness.turns.open')}
      </Button>
      {opening ? <OpenRoundDialog onClose={() => setOpening(false)} /> : null}
    </>
  );
}
