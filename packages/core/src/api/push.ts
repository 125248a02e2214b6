import { z } from 'zod';

/** The keys of a subscription are base64url, as browsers give them (padding tolerated). */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url()
    .max(2000)
    // Push services are HTTPS; plain HTTP only on this machine (a local stand-in).
    .regex(/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/)/, 'INVALID_PUSH_ENDPOINT'),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

// No control characters: PostgreSQL cannot hold a NUL, and no push service sends one.
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000).regex(/^[^\p{Cc}]*$/u) });

/** What the service worker shows: a title, a line of text, and the screen a tap opens. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const pushPublicKeySchema = z.object({ publicKey: z.string() });
