import { Link } from 'react-router';
import { useState } from 'react';
import { historySubjects, isAdmin, isSuperadmin, type ActivityEntry, type HistorySubject, type SessionUser } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { calendarPathFor } from '../lib/calendar-path.ts';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { useMembers } from '../members/queries.ts';
import { Card } from '../ui/card.tsx';
import { BackToSettings, Forbidden, LoadFailed } from '../ui/forbidden.tsx';
import { LoadMore } from '../ui/load-more.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { Select } from '../ui/select.tsx';
import { changeByline, fieldLines } from './change-text.ts';
import { useActivity } from './queries.ts';
import styles from './history.module.css';

/** Select's value for "no filter" (Radix Select needs a non-empty value). */
const ANY = 'all';
const DISPLAY_DAY = /(\d{2})\.(\d{2})\.(\d{4})/;

/** Where an entry's thing is seen: a booking in its month, an expense in Conti, a member in Utenti, the rules; null when nowhere. */
function linkOf(entry: ActivityEntry, viewer: SessionUser): string | null {
  switch (entry.subject) {
    case 'booking':
    case 'hold': {
      const start = entry.fields.start?.to ?? entry.fields.start?.from;
      if (typeof start === 'string') return calendarPathFor(start);
      const day = DISPLAY_DAY.exec(entry.label);
      return day ? calendarPathFor(`${day[3]}-${day[2]}-${day[1]}`) : '/app/calendario';
    }
    case 'expense':
      return '/app/conti';
    case 'member':
      return isSuperadmin(viewer.role) ? '/app/utenti' : null;
    case 'rules':
    case 'peak':
      return '/app/impostazioni/regole';
    case 'note':
      return null;
    case 'supply':
      return '/app/scorte';
    case 'task':
      return '/app/lavori';
  }
}

function Entry({ entry, viewer }: { entry: ActivityEntry; viewer: SessionUser }) {
  const link = linkOf(entry, viewer);
  const subject = t(`activity.subjects.${entry.subject}`, { label: entry.label });
  return (
    <li>
      <span className={styles.action}>
        {t(`history.actions.${entry.action}`)} · {link ? <Link to={link}>{subject}</Link> : subject}
      </span>
      <span className={styles.by}>{changeByline(entry)}</span>
      {fieldLines(entry).map((line) => (
        <span key={line} className={styles.field}>
          {line}
        </span>
      ))}
    </li>
  );
}

/** Administrators' «Attività»: the house's changes, newest first, by who made them and what they were about. */
export function ActivityPage() {
  const user = useCurrentUser();
  const allowed = isAdmin(user.role);
  const [memberId, setMemberId] = useState(ANY);
  const [kind, setKind] = useState(ANY);
  const members = useMembers(allowed);
  const activity = useActivity(memberId === ANY ? null : memberId, kind === ANY ? null : (kind as HistorySubject));

  let content;
  if (!allowed || (activity.isError && isApiError(activity.error) && activity.error.status === 403)) content = <Forbidden />;
  else if (activity.isPending) content = <Loading />;
  else if (activity.isError) content = <LoadFailed onRetry={() => void activity.refetch()} />;
  else {
    const entries = activity.data.pages.flatMap((page) => page.entries);
    content = (
      <Card aria-label={t('activity.title')}>
        {entries.length === 0 ? (
          <p className={styles.muted}>{t('activity.empty')}</p>
        ) : (
          <ol className={styles.changes} aria-label={t('activity.title')}>
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} viewer={user} />
            ))}
          </ol>
        )}
        {activity.hasNextPage ? <LoadMore onLoad={() => void activity.fetchNextPage()} loading={activity.isFetchingNextPage} label={t('notes.loadMore')} /> : null}
      </Card>
    );
  }

  const people = (members.data ?? []).map((m) => ({ value: m.id, label: m.name })).sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Page title={t('activity.title')} lead={t('activity.lead')} titleSuffix={config.houseName} before={<BackToSettings />}>
      {allowed ? (
        <div className={styles.filters}>
          <Select label={t('activity.member')} value={memberId} onValueChange={setMemberId} options={[{ value: ANY, label: t('activity.everyone') }, ...people]} />
          <Select
            label={t('activity.kind')}
            value={kind}
            onValueChange={setKind}
            options={[{ value: ANY, label: t('activity.everything') }, ...historySubjects.map((subject) => ({ value: subject, label: t(`activity.kinds.${subject}`) }))]}
          />
        </div>
      ) : null}
      {content}
    </Page>
  );
}

export { ActivityPage as Component };
