import { useState } from 'react';
import { Pencil, UserPlus } from 'lucide-react';
import { formatDisplayDate, isSuperadmin, nightsBetween, type Member } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { RowList } from '../ui/row-group.tsx';
import { BackToSettings, Forbidden, LoadFailed } from '../ui/forbidden.tsx';
import { AddMemberDialog } from './add-member-dialog.tsx';
import { EditMemberDialog } from './edit-member-dialog.tsx';
import { defaultColour } from './member-fields.tsx';
import { useMembers } from '../members/queries.ts';
import styles from './users.module.css';
import { houseToday } from '../lib/house-today.ts';

/** 'oggi', 'ieri', '3 giorni fa', then the date; 'mai' for someone never seen. */
export function lastSeenText(lastSeenAt: string | null, now: Date = new Date()): string {
  if (!lastSeenAt) return t('admin.users.never');
  const seen = new Date(lastSeenAt);
  if (Number.isNaN(seen.getTime())) return t('admin.users.never');
  const day = houseToday(seen);
  const days = nightsBetween(day, houseToday(now));
  if (days <= 0) return t('admin.users.today');
  if (days === 1) return t('admin.users.yesterday');
  if (days < 7) return t('admin.users.daysAgo', { days });
  return formatDisplayDate(day);
}

function MemberRow({ member, isYou, onEdit }: { member: Member; isYou: boolean; onEdit: () => void }) {
  const badges = [
    member.hidden ? t('admin.users.hidden') : null,
    member.disabled ? t('admin.users.disabled') : null,
    member.giftUsed ? t('admin.users.giftUsed') : null,
    member.passkeys > 0 ? t('passkeys.admin.badge', { count: member.passkeys }) : null,
  ].filter((badge): badge is string => badge !== null);
  return (
    <li className={styles.row} data-disabled={member.disabled ? '' : undefined}>
      <Avatar src={member.photoUrl} name={member.name} size={44} decorative className={styles.avatar} />
      <div className={styles.info}>
        <p className={styles.nameLine}>
          <span className={styles.name}>{member.name}</span>
          {isYou ? <span className={styles.you}>({t('admin.users.you')})</span> : null}
          {badges.map((badge) => (
            <span key={badge} className={styles.badge}>
              {badge}
            </span>
          ))}
        </p>
        <p className={styles.email}>{member.email}</p>
        <p className={styles.meta}>
          <span className={styles.role}>
            <span className={styles.swatch} style={{ background: member.colour }} aria-hidden="true" />
            <span className="visually-hidden">{t('admin.users.colourValue', { colour: member.colour })}, </span>
            {t(`settings.roles.${member.role}`)}
          </span>
          <span>{t('admin.users.lastSeen', { when: lastSeenText(member.lastSeenAt) })}</span>
        </p>
      </div>
      <Button
        variant="outlined"
        className={styles.edit}
        onClick={onEdit}
        aria-label={t('admin.users.editLabel', { name: member.name })}
        icon={<Pencil size={18} aria-hidden="true" />}
      >
        <span className={styles.editText}>{t('admin.users.edit')}</span>
      </Button>
    </li>
  );
}

type OpenDialog = { kind: 'add' } | { kind: 'edit'; id: string } | null;

/** /app/utenti: the members of the house, added and changed by a superadmin. */
export function UsersPage() {
  const user = useCurrentUser();
  const allowed = isSuperadmin(user.role);
  const members = useMembers(allowed);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  let content;
  if (!allowed || (members.isError && isApiError(members.error) && members.error.status === 403)) {
    content = <Forbidden />;
  } else if (members.isPending) {
    content = <Loading />;
  } else if (members.isError) {
    content = <LoadFailed onRetry={() => void members.refetch()} />;
  } else {
    const list = members.data;
    const editing = dialog?.kind === 'edit' ? list.find((member) => member.id === dialog.id) : undefined;
    content = (
      <>
        <div className={styles.toolbar}>
          <Button icon={<UserPlus size={18} aria-hidden="true" />} onClick={() => setDialog({ kind: 'add' })}>
            {t('admin.users.add')}
          </Button>
        </div>
        <RowList label={t('admin.users.listLabel')}>
          {list.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              isYou={member.id === user.id}
              onEdit={() => setDialog({ kind: 'edit', id: member.id })}
            />
          ))}
        </RowList>
        {dialog?.kind === 'add' ? <AddMemberDialog colour={defaultColour(list.length)} onClose={close} /> : null}
        {editing ? <EditMemberDialog key={editing.id} member={editing} onClose={close} /> : null}
      </>
    );
  }

  return (
    <Page
      title={t('admin.users.title')}
      lead={allowed ? t('admin.users.lead') : undefined}
      titleSuffix={config.houseName}
      before={<BackToSettings />}
    >
      {content}
    </Page>
  );
}

export { UsersPage as Component };
