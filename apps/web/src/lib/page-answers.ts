import { API_CACHE_NAME } from './freshness-header.ts';

/**
 * The answers the server wrote into the page it sent (http/web-app.ts): a screen's first data
 * (and the session) without a request each. On a phone every request is a round trip and a
 * share of the connection the screen's scripts are still downloading on.
 */
const PAGE_ANSWERS_ID = 'rustico-answers';

/** How long after the page loaded its answers are still taken as fresh (a loader's first data). */
const PAGE_ANSWER_FRESH_MS = 10_000;

let answers: Map<string, unknown> | undefined;

function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID)?.textContent;
  answers = new Map(text ? Object.entries(JSON.parse(text) as Record<string, unknown>) : []);
  return answers;
}

/** The page's answer for this address (`/api/…`), once; undefined when the page holds none or it is too old. */
export function takePageAnswer(address: string): unknown {
  const all = pageAnswers();
  if (!all.has(address)) return undefined;
  const answer = all.get(address);
  all.delete(address);
  if (performance.now() > PAGE_ANSWER_FRESH_MS) return undefined;
  keepForOffline(address, answer);
  return answer;
}

/**
 * The service worker keeps each API answer for the screens to show offline; an answer that came
 * in the page never passed through it, so the page puts it there itself, off the first paint.
 */
function keepForOffline(address: string, answer: unknown): void {
  if (!('caches' in globalThis) || !navigator.serviceWorker?.controller) return;
  const date = new Date().toUTCString();
  setTimeout(() => {
    void caches
      .open(API_CACHE_NAME)
      .then((cache) => cache.put(address, new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json; charset=utf-8', date } })))
      .catch(() => undefined);
  }, 0);
}
