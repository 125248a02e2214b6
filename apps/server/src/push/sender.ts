import http from 'node:http';
import https from 'node:https';
import { languageOf, type Language, type PushMessage } from '@rustico/core';
import { deliverable, publicOnlyLookup } from './endpoint.ts';
import type { Db } from '../db/database.ts';
import type { ComposeMessage } from './messages.ts';
import type { Recipients } from './recipients.ts';
import { deleteSubscriptionById, subscriptionsFor } from './repository.ts';
import type { VapidKeys } from './vapid.ts';

/** A notice sent now and then, still worth showing if the phone was off for a day. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends Web Push messages. web-push encrypts the payload and signs the VAPID
 * headers; the request itself goes out with fetch. Sending happens after the
 * write that caused it and never fails it: errors are logged, and
 * subscriptions the push service calls gone (404/410) are deleted. Each
 * device gets the text in its member's language.
 */
export class PushSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly vapid: VapidKeys,
    private readonly contact: string,
    private readonly log: (error: unknown, context: string) => void,
    private readonly allowLoopback = false,
  ) {}

  notify(recipients: Recipients, compose: ComposeMessage): void {
    void this.send(recipients, compose);
  }

  /** As notify, for a caller that sends one message after the other (the waitlist, in the order asked). Never rejects. */
  send(recipients: Recipients, compose: ComposeMessage): Promise<void> {
    const delivery = this.deliver(recipients, compose).catch((error: unknown) => this.log(error, 'push delivery failed'));
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  /** Resolves when every notification started so far has been handed over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(recipients: Recipients, compose: ComposeMessage): Promise<void> {
    const subscriptions = await subscriptionsFor(this.db, recipients);
    if (subscriptions.length === 0) return;
    // Loaded on the first notification with a device to reach, not at start.
    const { default: webpush } = await import('web-push');
    const payloads = new Map<Language, string>();
    const payloadIn = (language: Language) => {
      if (!payloads.has(language)) payloads.set(language, JSON.stringify(compose(language) satisfies PushMessage));
      return payloads.get(language)!;
    };
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const payload = payloadIn(languageOf(subscription));
        const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
          vapidDetails: { subject: this.contact, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
          TTL: TTL_SECONDS,
        });
        const headers = Object.fromEntries(Object.entries(details.headers as Record<string, string | number>).map(([name, value]) => [name, String(value)]));
        try {
          if (!deliverable(details.endpoint, this.allowLoopback)) {
            this.log(new Error(`push endpoint ${new URL(details.endpoint).host} is not a public HTTPS address`), 'push refused');
            return;
          }
          const status = await post(details.endpoint, details.method, headers, details.body as Buffer | null, this.allowLoopback);
          if (status === 404 || status === 410) await deleteSubscriptionById(this.db, subscription.id);
          else if (status < 200 || status >= 300) this.log(new Error(`push service answered ${status}`), 'push refused');
        } catch (error) {
          this.log(error, 'push service unreachable');
        }
      }),
    );
  }
}

/** One POST through a lookup that refuses internal addresses; resolves with the status. */
function post(endpoint: string, method: string, headers: Record<string, string>, body: Buffer | null, allowLoopback: boolean): Promise<number> {
  const client = endpoint.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(endpoint, { method, headers, lookup: publicOnlyLookup(allowLoopback), timeout: SEND_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}
