import { useState } from 'react';
import { UsersRound } from 'lucide-react';
import { type HouseRules } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { useMembers } from '../members/queries.ts';
import { staleEditOf } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { Badge, List, ListRow } from '../ui/list.tsx';
import { Loading } from '../ui/loading.tsx';
import { TextField } from '../ui/text-field.tsx';
import { refusalText } from '../ui/stale-edit.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './fairness.module.css';
import { useFairnessView, useSaveMemberQuota, useVersionedHouseRules, type HouseRulesAnswer } from './queries.ts';
import { ruleValueText } from './rules-card.tsx';
import { houseToday } from '../lib/house-today.ts';

interface Person {
  id: string;
  name: string;
  colour: string;
}

function QuotaDialog({ person, current, version, onClose }: { person: Person; current: number | null; version: number; onClose: () => void }) {
  const save = useSaveMemberQuota();
  const { toast } = useToast();
  const [text, setText] = useState(current === null ? '' : String(current));
  // The rules and this member's quota as the dialog shows them: a change saved meanwhile is shown, not overwritten.
  const [seen, setSeen] = useState({ version, quotaNights: current });
  const [error, setError] = useState<string | null>(null);
  const send = (quotaNights: number | null, base: typeof seen, retries: number) =>
    save.mutate(
      { memberId: person.id, quotaNights, version: base.version },
      {
        onSuccess: () => {
          toast({ title: t('fairness.rules.quotaSaved') });
          onClose();
        },
        onError: (failure) => {
          const stale = staleEditOf<HouseRulesAnswer>(failure);
          if (!stale) {
            setError(errorText(failure));
            return;
          }
          const now = { version: stale.current.version, quotaNights: stale.current.rules.memberQuotas.find((q) => q.memberId === person.id)?.quotaNights ?? null };
          setSeen(now);
          // Another rule changed, not this quota: nothing of what the admin saw is overwritten.
          if (now.quotaNights === base.quotaNights && retries > 0) {
            send(quotaNights, now, retries - 1);
            return;
          }
          // Saving again applies the value typed on the quota as it is now.
          setText(now.quotaNights === null ? '' : String(now.quotaNights));
          setError(refusalText(failure));
        },
      },
    );
  const submit = () => {
    const trimmed = text.trim();
    const value = trimmed === '' ? null : /^\d{1,3}$/.test(trimmed) && Number(trimmed) <= 366 ? Number(trimmed) : undefined;
    if (value === undefined) {
      setError(t('fairness.rules.invalidNumber', { min: 0, max: 366 }));
      return;
    }
    send(value, seen, 3);
  };
  return (
    <FormDialog
      title={t('fairness.rules.quotaTitle', { name: person.name })}
      submitLabel={t('form.save')}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('fairness.rules.quotaField')}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        supportingText={t('fairness.rules.quotaFieldHint')}
        error={error ?? undefined}
        onClearError={() => setError(null)}
      />
    </FormDialog>
  );
}

function Who({ person }: { person: Person }) {
  return (
    <span className={tableStyles.who}>
      <span className={tableStyles.dot} style={{ background: person.colour }} aria-hidden="true" />
      {person.name}
    </span>
  );
}

function QuotaList({ people, rules, version, admin }: { people: readonly Person[]; rules: HouseRules; version: number; admin: boolean }) {
  const [editing, setEditing] = useState<Person | null>(null);
  const own = new Map(rules.memberQuotas.map((q) => [q.memberId, q.quotaNights]));
  // Members see who has a quota of their own; admins see everyone, to give one.
  const shown = admin ? people : people.filter((person) => own.has(person.id));
  if (shown.length === 0) return <p className={styles.muted}>{t('fairness.rules.noMembers')}</p>;
  return (
    <>
      <List label={t('fairness.rules.memberQuotas')}>
        {shown.map((person) => {
          const value = own.get(person.id);
          return (
            <ListRow
              key={person.id}
              title={<Who person={person} />}
              detail={
                value === undefined
                  ? `${t('fairness.rules.houseQuota')}: ${ruleValueText('quotaNights', rules.quotaNights)}`
                  : `${t('fairness.rules.ownQuota')}: ${ruleValueText('quotaNights', value)}`
              }
              trailing={
                admin ? (
                  <Button
                    variant="text"
                    className={styles.rowButton}
                    aria-label={t('fairness.rules.changeQuotaLabel', { name: person.name })}
                    onClick={() => setEditing(person)}
                  >
                    {t('fairness.rules.changeQuota')}
                  </Button>
                ) : value === undefined ? undefined : (
                  <Badge tone="good">{t('fairness.rules.ownQuota')}</Badge>
                )
              }
            />
          );
        })}
      </List>
      {editing ? <QuotaDialog person={editing} current={own.get(editing.id) ?? null} version={version} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** Per-member quotas: who has one of their own (admins give and take them back). */
export function MemberQuotasCard({ admin }: { admin: boolean }) {
  const rules = useVersionedHouseRules();
  const members = useMembers(admin);
  // Members cannot list the accounts: the fairness view names everyone who books.
  const view = useFairnessView(Number(houseToday().slice(0, 4)));
  const people: Person[] | undefined = admin
    ? members.data?.filter((m) => !m.disabled).map((m) => ({ id: m.id, name: m.name, colour: m.colour }))
    : view.data?.members.map((m) => ({ id: m.memberId, name: m.name, colour: m.colour }));
  const failed = rules.isError || (admin ? members.isError : view.isError);
  let content;
  if (failed) {
    content = (
      <LoadFailed
        onRetry={() => {
          void rules.refetch();
          void (admin ? members.refetch() : view.refetch());
        }}
      />
    );
  } else if (!rules.data || !people) content = <Loading />;
  else content = <QuotaList people={people} rules={rules.data.rules} version={rules.data.version} admin={admin} />;
  return (
    <Card title={t('fairness.rules.memberQuotas')} aria-label={t('fairness.rules.memberQuotas')} icon={<UsersRound size={20} />}>
      <p className={styles.muted}>{t('fairness.rules.memberQuotasLead')}</p>
      {content}
    </Card>
  );
}
