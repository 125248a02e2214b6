import type { LiveEvent } from '@rustico/core';
import type { Audience, EventHub } from './hub.ts';

/** What services call after a write has committed. */
export interface EventPublisher {
  publish(event: LiveEvent, audience: Audience | null): void;
  /** Closes a user's open streams in every process. */
  disconnect(userId: string): void;
  close(): Promise<void>;
}

/** One process (SQLite, or tests): straight to the local hub. */
export function localPublisher(hub: EventHub): EventPublisher {
  return {
    publish: (event, audience) => hub.dispatch(event, audience),
    disconnect: (userId) => hub.disconnect(userId),
    close: async () => undefined,
  };
}

const CHANNEL = 'rustico_events';

/**
 * Several processes on one PostgreSQL database: every event goes through
 * NOTIFY, and each process LISTENs and feeds its own hub, itself included.
 */
export async function postgresPublisher(hub: EventHub, databaseUrl: string, onError: (error: unknown) => void): Promise<EventPublisher> {
  // Imported here, so a house on SQLite never loads pg.
  const { default: pg } = await import('pg');
  const listener = new pg.Client({ connectionString: databaseUrl });
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  listener.on('error', onError);
  notifier.on('error', onError);
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const notice = JSON.parse(message.payload) as { event: LiveEvent; audience: Audience | null } | { disconnect: string };
      if ('disconnect' in notice) hub.disconnect(notice.disconnect);
      else hub.dispatch(notice.event, notice.audience);
    } catch (error) {
      onError(error);
    }
  });
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);
  return {
    publish: (event, audience) => {
      notifier.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ event, audience })]).catch(onError);
    },
    disconnect: (userId) => {
      notifier.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ disconnect: userId })]).catch(onError);
    },
    close: async () => {
      await listener.end();
      await notifier.end();
    },
  };
}
