import { useNavigate } from 'react-router';
import { BookMarked, ChartColumn, Globe, History, LogOut, UserRound, UsersRound } from 'lucide-react';
import { isAdmin, isSuperadmin } from '@rustico/core';
import { useCurrentUser, useLogout } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Page } from '../ui/page.tsx';
import { useToast } from '../ui/toast-context.ts';
import { GiftRow } from './account-rows.tsx';
import { ClearCacheRow, LanguageRow, ShareRow, UpdateRow } from './app-rows.tsx';
import { CalendarFeedRow } from './calendar-feed-row.tsx';
import { DurationRow, PushSwitchRow } from './notification-rows.tsx';
import { ActionRow, LinkRow, RowGroup } from './settings-row.tsx';

/** /app/impostazioni: account, notifications, the admin block by role, the installed app's tools, logout. */
export function SettingsPage() {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { toast } = useToast();

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/login', { replace: true }),
      onError: () => toast({ title: t('settings.logoutFailed') }),
    });
  };

  return (
    <Page title={t('settings.title')} titleSuffix={config.houseName}>
      <RowGroup title={t('settings.account')}>
        <li>
          <LinkRow
            to="/app/impostazioni/profilo"
            icon={<UserRound size={22} />}
            label={t('settings.profile')}
            hint={user.name}
          />
        </li>
        <li>
          <GiftRow user={user} />
        </li>
        <li>
          <LinkRow
            to={`/app/prenotazioni/${encodeURIComponent(user.id)}`}
            icon={<History size={22} />}
            label={t('settings.myBookings')}
          />
        </li>
        <li>
          <CalendarFeedRow />
        </li>
      </RowGroup>
      <RowGroup title={t('settings.notifications')}>
        <li>
          <PushSwitchRow />
        </li>
        <li>
          <DurationRow />
        </li>
      </RowGroup>
      {isAdmin(user.role) ? (
        <RowGroup title={t('settings.admin')}>
          <li>
            <LinkRow to="/app/prenotazioni/0" icon={<BookMarked size={22} />} label={t('settings.allBookings')} />
          </li>
          <li>
            <LinkRow to="/app/statistiche" icon={<ChartColumn size={22} />} label={t('settings.statistics')} />
          </li>
          <li>
            <LinkRow to="/visitatore" icon={<Globe size={22} />} label={t('settings.welcomePage')} />
          </li>
          {isSuperadmin(user.role) ? (
            <li>
              <LinkRow to="/app/utenti" icon={<UsersRound size={22} />} label={t('settings.users')} />
            </li>
          ) : null}
        </RowGroup>
      ) : null}
      <RowGroup title={t('settings.app')}>
        <li>
          <LanguageRow />
        </li>
        <li>
          <ClearCacheRow />
        </li>
        <li>
          <ShareRow />
        </li>
        <li>
          <UpdateRow />
        </li>
      </RowGroup>
      <RowGroup title={t('settings.session')}>
        <li>
          <ActionRow
            icon={<LogOut size={22} />}
            label={t('settings.logout')}
            onClick={onLogout}
            disabled={logout.isPending}
            danger
          />
        </li>
      </RowGroup>
    </Page>
  );
}

export { SettingsPage as Component };
