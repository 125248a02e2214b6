import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@rustico/core';

/** Who may receive an event: hidden accounts' changes reach only themselves and other hidden accounts. */
export interface Audience {
  ownerId: string;
  ownerHidden: boolean;
}

export interface Subscriber {
  id: string;
  hidden: boolean;
  /** The session the stream was opened with: the stream lives only as long as it does. */
  sessionId?: string;
}

/**
 * Reads the current state of the streams' sessions: whether each still exists
 * (and its user may log in) and whether the user is hidden now. Sessions that
 * end in another process (the CLI, another server) are noticed this way.
 */
export type SessionCheck = (sessionIds: string[]) => Promise<Map<string, { hidden: boolean }>>;

export interface Delivered {
  id: string;
  event: LiveEvent;
}

type Listener = (delivered: Delivered) => void;

interface Stored extends Delivered {
  seq: number;
  audience: Audience | null;
}

/** How many recent events a reconnecting tab can catch up on before it must refetch everything. */
const REPLAY_BUFFER = 1000;

export function canReceive(subscriber: Subscriber, audience: Audience | null): boolean {
  return !audience || !audience.ownerHidden || subscriber.hidden || subscriber.id === audience.ownerId;
}

/**
 * The in-process fan-out of live events. Ids are `<epoch>-<seq>`: a client
 * that reconnects with an id from this process's epoch gets what it missed;
 * any other id (older than the buffer, or from before a restart) gets a resync.
 */
export class EventHub {
  readonly epoch = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly buffer: Stored[] = [];
  private readonly listeners = new Map<Listener, { subscriber: Subscriber; onDisconnect: () => void }>();
  private sessionCheck: SessionCheck | null = null;
  /** Deliveries wait for the session check, one event after the other, so order is kept. */
  private delivering: Promise<void> = Promise.resolve();

  /** With a check, every event is delivered only after the streams' sessions are read again. */
  checkSessionsWith(check: SessionCheck): void {
    this.sessionCheck = check;
  }

  /** Delivers an event to this process's subscribers (transports call this for every process). */
  dispatch(event: LiveEvent, audience: Audience | null): void {
    this.seq += 1;
    const stored: Stored = { id: `${this.epoch}-${this.seq}`, seq: this.seq, event, audience };
    this.buffer.push(stored);
    if (this.buffer.length > REPLAY_BUFFER) this.buffer.shift();
    if (!this.sessionCheck) {
      for (const [listener, { subscriber }] of this.listeners) {
        if (canReceive(subscriber, audience)) listener({ id: stored.id, event });
      }
      return;
    }
    this.delivering = this.delivering.then(async () => {
      await this.recheckSessions();
      for (const [listener, { subscriber }] of this.listeners) {
        if (canReceive(subscriber, audience)) listener({ id: stored.id, event });
      }
    });
  }

  /** Ends the streams whose session is gone and takes each user's visibility as it is now. */
  async recheckSessions(): Promise<void> {
    if (!this.sessionCheck || this.listeners.size === 0) return;
    const entries = [...this.listeners.values()].filter((entry) => entry.subscriber.sessionId);
    let current: Map<string, { hidden: boolean }>;
    try {
      current = await this.sessionCheck([...new Set(entries.map((entry) => entry.subscriber.sessionId!))]);
    } catch {
      // Nothing can be confirmed: the streams end, and tabs catch up when they reconnect.
      current = new Map();
    }
    for (const entry of entries) {
      const state = current.get(entry.subscriber.sessionId!);
      if (state) entry.subscriber.hidden = state.hidden;
      else entry.onDisconnect();
    }
  }

  /** The user's open streams, oldest first. */
  streamsOf(userId: string): (() => void)[] {
    return [...this.listeners.values()].filter((entry) => entry.subscriber.id === userId).map((entry) => entry.onDisconnect);
  }

  /**
   * Subscribes; with a last seen id, first replays what was missed (or a
   * resync). `onDisconnect` ends the stream when its user is signed out.
   */
  subscribe(subscriber: Subscriber, listener: Listener, lastEventId?: string, onDisconnect: () => void = () => undefined): () => void {
    if (lastEventId) {
      for (const missed of this.missedSince(lastEventId, subscriber)) listener(missed);
    }
    this.listeners.set(listener, { subscriber, onDisconnect });
    return () => this.listeners.delete(listener);
  }

  /** Ends the open streams of a user whose sessions were ended (disabled, password changed). */
  disconnect(userId: string): void {
    for (const { subscriber, onDisconnect } of [...this.listeners.values()]) {
      if (subscriber.id === userId) onDisconnect();
    }
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  private missedSince(lastEventId: string, subscriber: Subscriber): Delivered[] {
    const [epoch, seqText] = lastEventId.split('-');
    const seq = Number(seqText);
    const oldest = this.buffer[0]?.seq ?? this.seq + 1;
    const replayable = epoch === this.epoch && Number.isInteger(seq) && seq <= this.seq && seq >= oldest - 1;
    if (!replayable) return [{ id: `${this.epoch}-${this.seq}`, event: { type: 'resync' } }];
    return this.buffer.filter((e) => e.seq > seq && canReceive(subscriber, e.audience)).map(({ id, event }) => ({ id, event }));
  }
}
