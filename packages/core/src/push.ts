import { z } from 'zod';

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url()
    .max(2000)
    // Push services are HTTPS; plain HTTP only on this machine (a local stand-in).
    .regex(/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/)/, 'INVALID_PUSH_ENDPOINT'),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });

/** What the service worker shows: a title, a line of text, and the screen a tap opens. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const pushPublicKeySchema = z.object({ publicKey: z.string() });
