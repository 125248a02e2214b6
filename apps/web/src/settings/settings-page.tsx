import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BookMarked, ChartColumn, Fingerprint, Globe, History, KeyRound, LogOut, Scale, ScrollText, UserRound, UsersRound, Wallet } from 'lucide-react';
import { isAdmin, isSuperadmin } from '@rustico/core';
import { sessionQuery, useCurrentUser, useLogout } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Page } from '../ui/page.tsx';
import { useToast } from '../ui/toast-context.ts';
import { GiftRow } from './account-rows.tsx';
import { ClearCacheRow, LanguageRow, ShareRow, UpdateRow } from './app-rows.tsx';
import { BackupRow } from './backup-row.tsx';
import { CalendarFeedRow } from './calendar-feed-row.tsx';
import { ChannelRows } from './channel-rows.tsx';
import { DurationRow, PushSwitchRow } from './notification-rows.tsx';
import { RowGroup } from '../ui/row-group.tsx';
import { ActionRow, LinkRow } from './settings-row.tsx';
import { firstData } from '../lib/first-data.ts';
import { queryClient } from '../lib/query-client.ts';
import { backupOverviewQuery, notificationSettingsQuery } from './queries.ts';

/** /app/impostazioni: account, notifications, the admin block by role, the installed app's tools, logout. */
export function SettingsPage() {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { toast } = useToast();
  const unsent = useOutboxEntries(user.id).length;
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const logOut = () => {
    setConfirmingLogout(false);
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/login', { replace: true }),
      onError: () => toast({ title: t('settings.logoutFailed'), error: true }),
    });
  };
  // What waits in the outbox is the member's own work: logging out asks before it goes.
  const onLogout = () => (unsent > 0 ? setConfirmingLogout(true) : logOut());

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
          <LinkRow to="/app/impostazioni/password" icon={<KeyRound size={22} />} label={t('ownPassword.title')} />
        </li>
        {config.passkeyOrigin ? (
          <li>
            <LinkRow to="/app/impostazioni/passkey" icon={<Fingerprint size={22} />} label={t('passkeys.title')} hint={t('passkeys.settingsHint')} />
          </li>
        ) : null}
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
          <LinkRow to="/app/conti" icon={<Wallet size={22} />} label={t('settings.accounts')} hint={t('accounts.openHint')} />
        </li>
        <li>
          <CalendarFeedRow />
        </li>
      </RowGroup>
      <RowGroup title={t('fairness.settingsGroup')}>
        <li>
          <LinkRow to="/app/impostazioni/regole" icon={<ScrollText size={22} />} label={t('fairness.rulesRow')} hint={t('fairness.rulesHint')} />
        </li>
        <li>
          <LinkRow to="/app/equita" icon={<Scale size={22} />} label={t('fairness.viewRow')} hint={t('fairness.viewHint')} />
        </li>
      </RowGroup>
      <RowGroup title={t('settings.notifications')}>
        <li>
          <PushSwitchRow />
        </li>
        <ChannelRows />
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
            <LinkRow to="/app/attivita" icon={<History size={22} />} label={t('activity.title')} />
          </li>
          <li>
            <LinkRow to="/visitatore" icon={<Globe size={22} />} label={t('settings.welcomePage')} />
          </li>
          <li>
            <BackupRow />
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
          <Dialog
            open={confirmingLogout}
            onOpenChange={setConfirmingLogout}
            title={t('offline.logoutTitle')}
            description={t('offline.logoutText', { count: unsent })}
            actions={
              <DialogActions>
                <Button danger onClick={logOut}>
                  {t('offline.logoutAnyway')}
                </Button>
              </DialogActions>
            }
          />
        </li>
      </RowGroup>
    </Page>
  );
}

/** Impostazioni is drawn once the notification channels (and, for an admin, the backups) are in (lib/first-data.ts). */
async function loader() {
  const user = queryClient.getQueryData(sessionQuery.queryKey);
  await firstData([queryClient.prefetchQuery(notificationSettingsQuery), ...(user && isAdmin(user.role) ? [queryClient.prefetchQuery(backupOverviewQuery)] : [])]);
  return null;
}

export { SettingsPage as Component, loader };
