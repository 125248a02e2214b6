import { Link } from 'react-router';
import { Info } from 'lucide-react';
import { formatDisplayDate } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { useClaimSupply } from '../supplies/queries.ts';
import { useToKnow } from '../tasks/queries.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './to-know.module.css';

/**
 * Home's «Da sapere», from the day before my arrival to my departure: what the guests before me
 * left me (their handover notes), the work of my stay's days (mine or «chi c'è»'s) and what is low
 * that nobody brings, with «Lo porto io».
 */
export function ToKnowCard({ className }: { className?: string | undefined }) {
  const toKnow = useToKnow();
  const claim = useClaimSupply();
  const { toast } = useToast();
  const data = toKnow.data;
  if (!data?.stay || (data.handovers.length === 0 && data.tasks.length === 0 && data.supplies.length === 0)) return null;
  const title = t('upkeep.toKnow.title');
  return (
    <Card
      className={className}
      title={title}
      aria-label={title}
      icon={<Info size={20} />}
      actions={
        <>
          <Link to="/app/scorte" className={buttonClass({ variant: 'text' })}>
            {t('upkeep.toKnow.supplies')}
          </Link>
          <Link to="/app/lavori" className={buttonClass({ variant: 'text' })}>
            {t('upkeep.toKnow.work')}
          </Link>
        </>
      }
    >
      <div className={styles.body}>
        {data.handovers.length > 0 ? (
          <section aria-label={t('upkeep.toKnow.handovers')}>
            <h3 className={styles.heading}>{t('upkeep.toKnow.handovers')}</h3>
            <ul className={styles.list}>
              {data.handovers.map((handover) => (
                <li key={handover.id}>
                  <p className={styles.quote}>{handover.note}</p>
                  <p className={styles.muted}>{t('upkeep.toKnow.by', { name: handover.authorName, date: formatDisplayDate(handover.date) })}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.tasks.length > 0 ? (
          <section aria-label={t('upkeep.toKnow.tasks')}>
            <h3 className={styles.heading}>{t('upkeep.toKnow.tasks')}</h3>
            <ul className={styles.list}>
              {data.tasks.map((task) => (
                <li key={task.id} className={styles.row}>
                  {task.photoUrl ? <img className={styles.thumb} src={task.photoUrl} alt={t('upkeep.tasks.photoOf', { title: task.title })} width={48} height={48} /> : null}
                  <span>
                    <span className={styles.strong}>{task.title}</span>
                    <span className={styles.muted}> · {t('upkeep.tasks.window', { from: formatDisplayDate(task.from), to: formatDisplayDate(task.to) })}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.supplies.length > 0 ? (
          <section aria-label={t('upkeep.toKnow.low')}>
            <h3 className={styles.heading}>{t('upkeep.toKnow.low')}</h3>
            <ul className={styles.list}>
              {data.supplies.map((supply) => (
                <li key={supply.id} className={styles.row}>
                  <span className={styles.grow}>
                    <span className={styles.strong}>{supply.name}</span>
                    <span className={styles.muted}> · {t(`upkeep.supplies.states.${supply.state}`)}</span>
                  </span>
                  <Button
                    variant="outlined"
                    aria-label={`${t('upkeep.supplies.claim')}: ${supply.name}`}
                    onClick={() => claim.mutate({ id: supply.id, claim: true }, { onError: (error) => toast({ title: errorText(error) }) })}
                  >
                    {t('upkeep.supplies.claim')}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Card>
  );
}
