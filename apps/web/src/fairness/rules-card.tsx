import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Gauge } from 'lucide-react';
import { MAX_BOOKING_WINDOW_MONTHS, type HouseRules, type HouseRulesUpdate } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { Facts } from '../ui/facts.tsx';
import { Actions } from '../ui/actions.tsx';
import styles from './fairness.module.css';
import { staleEditOf } from '../lib/api.ts';
import { refusalText, StaleEdit } from '../ui/stale-edit.tsx';
import { useVersionedHouseRules, useSaveRules } from './queries.ts';

type RuleField = 'bookingWindowMonths' | 'maxStayNights' | 'quotaNights' | 'noticeDays' | 'holdDays' | 'maxHolds';

/** The fair-booking numbers: their bounds and whether empty means "no limit" (for holds: none offered). */
const FIELDS: ReadonlyArray<{ name: RuleField; min: number; max: number; optional: boolean }> = [
  { name: 'bookingWindowMonths', min: 1, max: MAX_BOOKING_WINDOW_MONTHS, optional: true },
  { name: 'maxStayNights', min: 1, max: 366, optional: false },
  { name: 'quotaNights', min: 0, max: 366, optional: true },
  { name: 'noticeDays', min: 0, max: 365, optional: false },
  { name: 'holdDays', min: 1, max: 60, optional: true },
  { name: 'maxHolds', min: 1, max: 20, optional: false },
];

const LABELS = {
  bookingWindowMonths: ['fairness.rules.window', 'fairness.rules.windowHint'],
  maxStayNights: ['fairness.rules.maxStay', undefined],
  quotaNights: ['fairness.rules.quota', 'fairness.rules.quotaHint'],
  noticeDays: ['fairness.rules.notice', 'fairness.rules.noticeHint'],
  holdDays: ['fairness.ruleNames.holdDays', 'holds.holdDaysHint'],
  maxHolds: ['fairness.ruleNames.maxHolds', undefined],
} as const;

type FormValues = Record<RuleField, string>;

const asText = (value: number | null) => (value === null ? '' : String(value));

/** What a rule reads as: '6 mesi', 'Nessun limite'. */
export function ruleValueText(rule: RuleField, value: number | null): string {
  if (value === null) return t(rule === 'holdDays' ? 'holds.off' : 'fairness.rules.noLimit');
  if (rule === 'maxHolds') return String(value);
  if (rule === 'bookingWindowMonths') return t('fairness.rules.months', { count: value });
  if (rule === 'noticeDays' || rule === 'holdDays') return t('fairness.rules.days', { count: value });
  return t('fairness.rules.nights', { count: value });
}

function parse(text: string, field: (typeof FIELDS)[number]): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return field.optional ? null : undefined;
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= field.min && value <= field.max ? value : undefined;
}

/** Someone changed the rules after this admin opened them: the rules as they are now, and what this admin typed. */
interface StaleRules {
  current: { rules: HouseRules; version: number };
  changedByName: string | null;
  changedAt: string | null;
  update: HouseRulesUpdate;
}

type VersionedRules = StaleRules['current'];

const valuesOf = (rules: HouseRules) => Object.fromEntries(FIELDS.map((f) => [f.name, asText(rules[f.name])])) as FormValues;

/**
 * The admin's form on the rules they opened (`base`). Rules saved elsewhere meanwhile replace the
 * fields while nothing is typed; once something is, what is typed stays and the save is made on the
 * rules that were shown, so the server tells the admin instead of overwriting the other change.
 */
function RulesForm({ latest, onStale }: { latest: VersionedRules; onStale: (stale: StaleRules) => void }) {
  const save = useSaveRules();
  const { toast } = useToast();
  const formId = useId();
  const [base, setBase] = useState(latest);
  const rules = base.rules;
  const shown = useMemo(() => valuesOf(rules), [rules]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues>({ values: shown, reValidateMode: 'onSubmit' });
  if (latest !== base && !isDirty) setBase(latest);

  const onSubmit = (values: FormValues) => {
    const update: HouseRulesUpdate = {};
    let valid = true;
    for (const field of FIELDS) {
      const value = parse(values[field.name], field);
      if (value === undefined) {
        setError(field.name, { type: 'manual', message: t('fairness.rules.invalidNumber', { min: field.min, max: field.max }) }, { shouldFocus: valid });
        valid = false;
      } else if (value !== rules[field.name]) {
        Object.assign(update, { [field.name]: value });
      }
    }
    if (!valid) return;
    // Only what changed is sent: the history keeps one line per rule that really changed.
    if (Object.keys(update).length === 0) {
      toast({ title: t('fairness.rules.unchanged') });
      return;
    }
    save.mutate(
      { update, version: base.version },
      {
        onSuccess: () => {
          // Saved: the fields take the rules as the server now answers them.
          reset(values);
          toast({ title: t('fairness.rules.saved') });
        },
        onError: (error) => {
          const stale = staleEditOf<VersionedRules>(error);
          if (stale) onStale({ ...stale, update });
          else toast({ title: refusalText(error), error: true });
        },
      },
    );
  };

  return (
    <form id={formId} className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <div className={styles.fields}>
        {FIELDS.map((field) => {
          const [label, hint] = LABELS[field.name];
          return (
            <TextField
              key={field.name}
              label={t(label)}
              inputMode="numeric"
              autoComplete="off"
              supportingText={hint ? t(hint) : undefined}
              error={errors[field.name]?.message}
              onClearError={() => clearErrors(field.name)}
              {...register(field.name)}
            />
          );
        })}
      </div>
      <Actions>
        <Button type="submit" loading={save.isPending}>
          {t('fairness.rules.save')}
        </Button>
      </Actions>
    </form>
  );
}

/** The rules this admin changed, as they are now beside what they typed; nothing is saved until they choose. */
function StaleRulesChoice({ stale, onDone }: { stale: StaleRules; onDone: () => void }) {
  const save = useSaveRules();
  const { toast } = useToast();
  const changed = FIELDS.filter((field) => field.name in stale.update);
  const rows = changed.map((field) => ({
    label: t(LABELS[field.name][0]),
    theirs: ruleValueText(field.name, stale.current.rules[field.name]),
    mine: ruleValueText(field.name, stale.update[field.name] ?? null),
  }));
  return (
    <StaleEdit
      changedByName={stale.changedByName}
      changedAt={stale.changedAt}
      rows={rows}
      applying={save.isPending}
      onKeepTheirs={onDone}
      onApplyMine={() =>
        save.mutate(
          { update: stale.update, version: stale.current.version },
          {
            onSuccess: () => {
              toast({ title: t('fairness.rules.saved') });
              onDone();
            },
            onError: (error) => {
              toast({ title: refusalText(error), error: true });
              onDone();
            },
          },
        )
      }
    />
  );
}

function RulesFacts({ rules }: { rules: HouseRules }) {
  return (
    <>
      <Facts rows={FIELDS.map((field) => [t(LABELS[field.name][0]), ruleValueText(field.name, rules[field.name])] as const)} />
      <p className={styles.muted}>{t('fairness.rules.readOnly')}</p>
    </>
  );
}

/** The booking window, the longest stay, the quota and the notice: a form for admins, facts for everyone else. */
export function RulesCard({ admin }: { admin: boolean }) {
  const answer = useVersionedHouseRules();
  const [stale, setStale] = useState<StaleRules | null>(null);
  let content;
  if (answer.isPending) content = <Loading />;
  else if (answer.isError) content = <LoadFailed onRetry={() => void answer.refetch()} />;
  else if (!admin) content = <RulesFacts rules={answer.data.rules} />;
  else if (stale) content = <StaleRulesChoice stale={stale} onDone={() => setStale(null)} />;
  else content = <RulesForm latest={answer.data} onStale={setStale} />;
  return (
    <Card title={t('fairness.rules.limits')} aria-label={t('fairness.rules.limits')} icon={<Gauge size={20} />}>
      {content}
    </Card>
  );
}
