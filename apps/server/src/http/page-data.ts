import { setTimeout as wait } from 'node:timers/promises';
import { monthGrid, monthShown, MONTH_PARAM, todayIn } from '@rustico/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The data a member's page carries (web-app.ts): the answers its screen first waits for, asked
 * of the API in this process and written into the page, so the phone makes no request for them
 * while the screen's scripts download. The web app takes them (lib/page-answers.ts).
 */

/**
 * What the server puts in a first-data address for the page it sends (the web's PAGE_SLOTS,
 * src/lib/api-paths.ts): the member whose session asks, and the month the calendar opens on
 * (its `mese`, else the house's today) with the first and last day of its grid.
 */
const PAGE_SLOT_NAMES = ['memberId', 'monthYear', 'monthGridStart', 'monthGridEnd'] as const;
export type PageSlots = Record<(typeof PAGE_SLOT_NAMES)[number], string>;
const SLOT = /\{(\w+)\}/g;

/** How long a page waits for an answer it would carry: a slower one (the weather provider, a busy database) is preloaded instead. */
const ANSWER_WAIT_MS = 150;

/** A first-data address of the build (route-preloads.json), checked at startup: only slots the server fills. */
export const dataAddressSchema = z.string().refine(
  (address) => [...address.matchAll(SLOT)].every(([, name]) => (PAGE_SLOT_NAMES as readonly string[]).includes(name!)),
  { message: `the server fills only ${PAGE_SLOT_NAMES.map((name) => `{${name}}`).join(', ')} in an address` },
);

export function pageSlots(memberId: string, pageUrl: URL, timeZone: string, now: Date): PageSlots {
  const month = monthShown(pageUrl.searchParams.get(MONTH_PARAM), todayIn(timeZone, now));
  const grid = monthGrid(month.year, month.month);
  return { memberId, monthYear: String(month.year), monthGridStart: grid[0]!, monthGridEnd: grid[grid.length - 1]! };
}

export function fillSlots(address: string, slots: PageSlots): string {
  return address.replace(SLOT, (_, name: keyof PageSlots) => encodeURIComponent(slots[name]));
}

/** What a page holds beyond the plain index.html: the answers written into it, and those it only preloads. */
export interface PageData {
  /** Address → the API's JSON answer. */
  carried: ReadonlyMap<string, string>;
  preloaded: readonly string[];
  /** The cookies the API set while answering (a session slid forward): the page sends them on. */
  cookies: readonly string[];
}

/**
 * Asks the API for each address with the request's own cookie, so with the same checks as the
 * phone's own request. An answer that is not a 200, or not there within ANSWER_WAIT_MS, is
 * preloaded instead: the page does not wait for it.
 */
export async function carryAnswers(app: FastifyInstance, request: FastifyRequest, addresses: readonly string[]): Promise<PageData> {
  const headers = { cookie: request.headers.cookie ?? '', accept: 'application/json', 'accept-language': request.headers['accept-language'] ?? '' };
  const cookies: string[] = [];
  // The API sets its cookies `secure: 'auto'`, against this in-process request, which is plain
  // http: whether they are Secure is the page request's to decide.
  const secure = request.protocol === 'https';
  const answers = await Promise.all(
    addresses.map((address) =>
      Promise.race([
        app.inject({ method: 'GET', url: address, headers }).then(
          (response) => {
            // The first API request of a while slides the session: its renewed cookie must reach the browser.
            const set = [response.headers['set-cookie'] ?? []].flat();
            cookies.push(...set.map((cookie) => (secure && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie)));
            return response.statusCode === 200 ? response.body : null;
          },
          () => null,
        ),
        wait(ANSWER_WAIT_MS, null, { ref: false }),
      ]),
    ),
  );
  const carried = new Map<string, string>();
  const preloaded: string[] = [];
  addresses.forEach((address, index) => {
    const body = answers[index];
    if (body) carried.set(address, body);
    else preloaded.push(address);
  });
  return { carried, preloaded, cookies };
}

/** The carried answers as JSON for a script element: `<` escaped, so no text in them can close the element or open a comment. */
export function scriptJson(carried: ReadonlyMap<string, string>): string {
  const members = [...carried].map(([address, body]) => `${JSON.stringify(address)}:${body}`);
  return `{${members.join(',')}}`.replaceAll('<', '\\u003c');
}
