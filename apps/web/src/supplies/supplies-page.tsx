import { useState, type FormEvent } from 'react';
import { Archive, Package, Pencil } from 'lucide-react';
import { isAdmin, type Supply, type SupplyState } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import type { OutboxEntry } from '../offline/outbox-store.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { errorText } from '../lib/error-text.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useAddSupply, useArchiveSupply, useClaimSupply, useMarkSupply, useRenameSupply, useSupplies } from './queries.ts';
import { SupplyStateButtons } from './supply-state.tsx';
import styles from './supplies.module.css';

/** /app/scorte: the house's supplies, their state, and who brings what. */
export function SuppliesPage() {
  const supplies = useSupplies();
  const user = useCurrentUser();
  // A state marked without signal waits in the outbox: shown as it will be, «In attesa».
  const waiting = waitingStates(useOutboxEntries(user.id));
  return (
    <Page title={t('upkeep.supplies.title')} titleSuffix={config.houseName} lead={t('upkeep.supplies.lead')}>
      <div className={styles.stack}>
        <Card title={t('upkeep.supplies.list')} icon={<Package size={20} />} aria-busy={supplies.isPending || undefined}>
          {supplies.isPending ? (
            <Loading />
          ) : supplies.isError ? (
            <p className={styles.muted}>{errorText(supplies.error)}</p>
          ) : supplies.data.length === 0 ? (
            <p className={styles.muted}>{t('upkeep.supplies.empty')}</p>
          ) : (
            <ul className={styles.list} aria-label={t('upkeep.supplies.list')}>
              {supplies.data.map((supply) => (
                <SupplyItem key={supply.id} supply={waiting.has(supply.id) ? { ...supply, state: waiting.get(supply.id)! } : supply} waiting={waiting.has(supply.id)} />
              ))}
            </ul>
          )}
        </Card>
        <AddSupply />
      </div>
    </Page>
  );
}

/** The states marked offline that wait to be sent, by supply. */
function waitingStates(entries: OutboxEntry[]): Map<string, SupplyState> {
  const states = new Map<string, SupplyState>();
  for (const entry of entries) {
    const id = /^\/supplies\/([^/]+)$/.exec(entry.path)?.[1];
    const state = (entry.body as { state?: SupplyState } | null)?.state;
    if (entry.kind === 'supply' && !entry.refusal && id && state) states.set(decodeURIComponent(id), state);
  }
  return states;
}

function SupplyItem({ supply, waiting }: { supply: Supply; waiting: boolean }) {
  const user = useCurrentUser();
  const mark = useMarkSupply();
  const claim = useClaimSupply();
  const archive = useArchiveSupply();
  const { toast } = useToast();
  const [renaming, setRenaming] = useState(false);
  const mine = supply.claimedById === user.id;
  const failed = (error: unknown) => toast({ title: errorText(error) });
  if (renaming) return <RenameSupply supply={supply} onClose={() => setRenaming(false)} />;
  return (
    <li className={styles.item} aria-label={supply.name}>
      <span className={styles.name}>
        {supply.name}
        {waiting ? <span className={styles.now}> · {t('stay.waiting')}</span> : null}
      </span>
      <SupplyStateButtons name={supply.name} state={supply.state} onChange={(state) => mark.mutate({ id: supply.id, state }, { onError: failed })} />
      <div className={styles.claim}>
        {supply.claimedById ? (
          <>
            <span>{mine ? t('upkeep.supplies.claimedByMe') : supply.claimedByName ? t('upkeep.supplies.claimedBy', { name: supply.claimedByName }) : t('upkeep.supplies.claimedBySomeone')}</span>
            {mine ? (
              <>
                <Button variant="outlined" onClick={() => mark.mutate({ id: supply.id, state: 'ok' }, { onError: failed })}>
                  {t('upkeep.supplies.brought')}
                </Button>
                <Button variant="text" loading={claim.isPending} onClick={() => claim.mutate({ id: supply.id, claim: false }, { onError: failed })}>
                  {t('upkeep.supplies.unclaim')}
                </Button>
              </>
            ) : null}
          </>
        ) : supply.state !== 'ok' ? (
          <Button variant="outlined" loading={claim.isPending} onClick={() => claim.mutate({ id: supply.id, claim: true }, { onError: failed })}>
            {t('upkeep.supplies.claim')}
          </Button>
        ) : null}
        {supply.authorId === user.id || isAdmin(user.role) ? (
          <span className={styles.tools}>
          <Button
            variant="text"
            icon={<Pencil size={18} />}
            aria-label={t('upkeep.supplies.rename', { name: supply.name })}
            title={t('upkeep.supplies.rename', { name: supply.name })}
            onClick={() => setRenaming(true)}
          />
          <Button
            variant="text"
            icon={<Archive size={18} />}
            aria-label={t('upkeep.supplies.archive', { name: supply.name })}
            title={t('upkeep.supplies.archive', { name: supply.name })}
            onClick={() =>
              archive.mutate(supply, {
                onSuccess: () => toast({ title: t('upkeep.supplies.archived', { name: supply.name }) }),
                onError: failed,
              })
            }
          />
          </span>
        ) : null}
      </div>
    </li>
  );
}

function RenameSupply({ supply, onClose }: { supply: Supply; onClose: () => void }) {
  const rename = useRenameSupply();
  const [name, setName] = useState(supply.name);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ supply, name }, { onSuccess: onClose, onError: (failure) => setError(errorText(failure)) });
  };
  return (
    <li className={styles.item} aria-label={supply.name}>
      <form className={styles.add} onSubmit={submit} noValidate>
        <TextField label={t('upkeep.supplies.newNameOf', { name: supply.name })} value={name} maxLength={80} autoComplete="off" error={error} onClearError={() => setError(undefined)} onChange={(event) => setName(event.target.value)} />
        <Button variant="text" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={rename.isPending}>
          {t('form.save')}
        </Button>
      </form>
    </li>
  );
}

function AddSupply() {
  const add = useAddSupply();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name, {
      onSuccess: (supply) => {
        setName('');
        toast({ title: t('upkeep.supplies.added', { name: supply.name }) });
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };
  return (
    <Card title={t('upkeep.supplies.newName')}>
      <form className={styles.add} onSubmit={submit} noValidate>
        <TextField label={t('upkeep.supplies.newName')} value={name} maxLength={80} autoComplete="off" error={error} onClearError={() => setError(undefined)} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" loading={add.isPending}>
          {t('upkeep.supplies.add')}
        </Button>
      </form>
    </Card>
  );
}

export { SuppliesPage as Component };
