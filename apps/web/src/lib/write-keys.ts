/**
 * One Idempotency-Key per user action. The server performs a write once per key and answers a
 * resend with the first answer (docs/architecture.md), so the app gives the same key to what is
 * the same action: a write the same as one still waiting for its answer (a second tap, a retry
 * after the network failed), or the same as the write done just before it, within 10 s (a second
 * tap that came late). Any other write in between makes the next one a new action (on, off, on
 * again is three), and so does a write the server refused: trying again is asking again (the
 * turn may have passed, the nights freed up).
 */

/** Random enough for a key, and available where crypto.randomUUID is not (plain HTTP on a LAN). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How long after its answer the same write still counts as the same action. */
export const SAME_ACTION_MS = 10_000;

/** Sent and not answered yet (or the network failed): fingerprint → key. */
const waiting = new Map<string, string>();
let lastAnswered: { fingerprint: string; key: string; at: number } | null = null;

/**
 * What makes two writes the same: method, address, the version an edit is made on (If-Match: the
 * same values applied again on a newer version are a new action) and body (a file by its name,
 * size and date).
 */
export function writeFingerprint(method: string, path: string, body: unknown, ifMatch?: string): string {
  const head = `${method} ${path}${ifMatch === undefined ? '' : ` @${ifMatch}`}`;
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    const file = body as Blob & { name?: string; lastModified?: number };
    return `${head}\n${file.type} ${file.size} ${file.name ?? ''} ${file.lastModified ?? ''}`;
  }
  return `${head}\n${body === undefined ? '' : JSON.stringify(body)}`;
}

/** The key for a write about to be sent. */
export function keyForWrite(fingerprint: string, now = Date.now()): string {
  const pending = waiting.get(fingerprint);
  if (pending) return pending;
  const repeat = lastAnswered?.fingerprint === fingerprint && now - lastAnswered.at <= SAME_ACTION_MS ? lastAnswered.key : null;
  lastAnswered = null;
  const key = repeat ?? newIdempotencyKey();
  waiting.set(fingerprint, key);
  return key;
}

/**
 * The server answered the write for good (it keeps the answer for the key). Done, the next write
 * like it is the same action for 10 s, unless another write comes between; refused, it is new.
 */
export function writeAnswered(fingerprint: string, done: boolean, now = Date.now()): void {
  const key = waiting.get(fingerprint);
  if (key === undefined) return;
  waiting.delete(fingerprint);
  lastAnswered = done ? { fingerprint, key, at: now } : null;
}
