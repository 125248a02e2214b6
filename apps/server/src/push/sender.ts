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

/** What one message reached: every device of its recipients was asked, and this many took it. */
export interface PushReport {
  /** The recipients' devices (subscriptions) it was sent to. */
  devices: number;
  /** Devices whose push service accepted it (2xx): it will be shown there. */
  accepted: number;
  /** Devices whose push service called them gone (404/410): their subscriptions are deleted. */
  gone: number;
}

const NOTHING_SENT: PushReport = { devices: 0, accepted: 0, gone: 0 };

/**
 * Sends Web Push messages. web-push encrypts the payload and signs the VAPID
 * headers; the request itself goes out with node's http(s). Sending happens
 * after the write that caused it and never fails it: errors are logged, and
 * subscriptions the push service calls gone (404/410) are deleted. Each
 * device gets the text in its member's language.
 */
export class PushSender {
  private readonly inFlight = new Set<Promise<PushReport>>();

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

  /**
   * As notify, resolving once every device has answered with what the message reached: for a
   * caller that sends one message after the other (the waitlist, in the order asked) or records
   * whether it arrived (deliveries). Never rejects: a failure before any device was asked is
   * logged and reaches none.
   */
  send(recipients: Recipients, compose: ComposeMessage): Promise<PushReport> {
    const delivery = this.deliver(recipients, compose).catch((error: unknown) => {
      this.log(error, 'push delivery failed');
      return NOTHING_SENT;
    });
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  /** Resolves when every notification started so far has been handed over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(recipients: Recipients, compose: ComposeMessage): Promise<PushReport> {
    const subscriptions = await subscriptionsFor(this.db, recipients);
    if (subscriptions.length === 0) return NOTHING_SENT;
    // Loaded on the first notification with a device to reach, not at start.
    const { default: webpush } = await import('web-push');
    const payloads = new Map<Language, string>();
    const payloadIn = (language: Language) => {
      if (!payloads.has(language)) payloads.set(language, JSON.stringify(compose(language) satisfies PushMessage));
      return payloads.get(language)!;
    };
    const answers = await Promise.all(
      subscriptions.map(async (subscription): Promise<'accepted' | 'gone' | 'refused'> => {
        const payload = payloadIn(languageOf(subscription));
        const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
          vapidDetails: { subject: this.contact, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
          TTL: TTL_SECONDS,
        });
        const headers = Object.fromEntries(Object.entries(details.headers as Record<string, string | number>).map(([name, value]) => [name, String(value)]));
        try {
          if (!deliverable(details.endpoint, this.allowLoopback)) {
            this.log(new Error(`push endpoint ${new URL(details.endpoint).host} is not a public HTTPS address`), 'push refused');
            return 'refused';
          }
          const status = await post(details.endpoint, details.method, headers, details.body as Buffer | null, this.allowLoopback);
          if (status >= 200 && status < 300) return 'accepted';
          if (status === 404 || status === 410) {
            await deleteSubscriptionById(this.db, subscription.id);
            return 'gone';
          }
          this.log(new Error(`push service answered ${status}`), 'push refused');
          return 'refused';
        } catch (error) {
          this.log(error, 'push service unreachable');
          return 'refused';
        }
      }),
    );
    const count = (answer: 'accepted' | 'gone') => answers.filter((a) => a === answer).length;
    return { devices: answers.length, accepted: count('accepted'), gone: count('gone') };
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
