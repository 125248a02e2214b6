import type { PushMessage } from '@rustico/core';
import webpush from 'web-push';
import type { Db } from '../db/database.ts';
import { deleteSubscriptionById, subscriptionsFor, type Recipients } from './repository.ts';
import type { VapidKeys } from './vapid.ts';

/** A notice sent now and then, still worth showing if the phone was off for a day. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends Web Push messages. web-push encrypts the payload and signs the VAPID
 * headers; the request itself goes out with fetch. Sending happens after the
 * write that caused it and never fails it: errors are logged, and
 * subscriptions the push service calls gone (404/410) are deleted.
 */
export class PushSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly vapid: VapidKeys,
    private readonly contact: string,
    private readonly log: (error: unknown, context: string) => void,
  ) {}

  notify(recipients: Recipients, message: PushMessage): void {
    const delivery = this.deliver(recipients, message).catch((error: unknown) => this.log(error, 'push delivery failed'));
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** Resolves when every notification started so far has been handed over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(recipients: Recipients, message: PushMessage): Promise<void> {
    const subscriptions = await subscriptionsFor(this.db, recipients);
    const payload = JSON.stringify(message);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
          vapidDetails: { subject: this.contact, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
          TTL: TTL_SECONDS,
        });
        const headers = Object.fromEntries(
          Object.entries(details.headers as Record<string, string | number>)
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        );
        try {
          const response = await fetch(details.endpoint, {
            method: details.method,
            headers,
            body: details.body ? new Uint8Array(details.body as Buffer) : null,
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          if (response.status === 404 || response.status === 410) await deleteSubscriptionById(this.db, subscription.id);
          else if (!response.ok) this.log(new Error(`push service answered ${response.status}`), 'push refused');
        } catch (error) {
          this.log(error, 'push service unreachable');
        }
      }),
    );
  }
}
