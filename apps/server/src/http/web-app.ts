import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { zoneSpanAt, type PublicConfig, type ZoneSpan } from '@rustico/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { carryAnswers, dataAddressSchema, fillSlots, pageSlots, scriptJson, type PageData } from './page-data.ts';
import { browserLocale } from './reader-language.ts';

const CONFIG_META = /<meta name="rustico-config" content="[^"]*"\s*\/?>/;

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** index.html with the public settings in a meta tag: no inline script, no extra request. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const meta = `<meta name="rustico-config" content="${escapeAttribute(JSON.stringify(config))}">`;
  return template.replace(CONFIG_META, meta);
}

const routePreloadsSchema = z.object({
  routes: z.array(
    z.object({
      /** A path of the client router, `:name` for one segment. */
      path: z.string(),
      js: z.array(z.string()),
      css: z.array(z.string()),
      /** The page asks /api/session first thing. */
      session: z.boolean(),
      /** The screen's largest paint, a responsive picture. */
      image: z.object({ type: z.string(), srcset: z.string(), sizes: z.string() }).optional(),
      /** API answers the first paint waits for; an address may hold page slots. */
      data: z.array(dataAddressSchema).default([]),
      /** The screen loads the whole catalog of its language before it renders (before login, Italian is built in). */
      wholeCatalog: z.boolean().default(false),
    }),
  ),
  /** The chunk of each language's whole catalog, loaded before the first render of a page that speaks it. */
  locales: z.record(z.string(), z.string()).default({}),
});

/** What the web build says each path's first paint needs beyond the entry (route-preloads.json). */
export type RoutePreloads = z.infer<typeof routePreloadsSchema>;
export type RoutePreload = RoutePreloads['routes'][number];

/** The build's route-preloads.json; none (an older build) means the plain index.html everywhere. */
export function readRoutePreloads(distDir: string): RoutePreloads {
  const file = path.join(distDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return { routes: [], locales: {} };
  return routePreloadsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * index.html for one path: the route's chunks as modulepreloads, so they download beside the
 * entry rather than after it has run; its style sheets, in the order the app would add them
 * (already there, the app does not add them again: parsing them would lengthen the task that
 * starts the router, a long task on a phone, and tie it to their download); the screen's picture;
 * the session and the answers its first paint waits for, written into the page or preloaded;
 * the whole catalog of the page's language, when the screen needs it.
 */
function withRoutePreloads(
  html: string,
  route: RoutePreload,
  { localeChunk, memberLanguage, data }: { localeChunk?: string | undefined; memberLanguage?: string | undefined; data: PageData },
): string {
  const links = [
    // The web app takes the member's language over this device's (lib/locale-preference.ts).
    ...(memberLanguage ? [`<meta name="rustico-language" content="${escapeAttribute(memberLanguage)}">`] : []),
    ...(localeChunk ? [localeChunk] : []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...route.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...route.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    ...(route.image
      ? [
          `<link rel="preload" as="image" type="${escapeAttribute(route.image.type)}" imagesrcset="${escapeAttribute(route.image.srcset)}" imagesizes="${escapeAttribute(route.image.sizes)}" fetchpriority="high">`,
        ]
      : []),
    ...data.preloaded.map((href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin>`),
    ...(data.carried.size > 0 ? [`<script type="application/json" id="rustico-answers">${scriptJson(data.carried)}</script>`] : []),
  ];
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

/** A router path as a matcher of request paths (`/app/tutorial/:id` → one more segment; a trailing / is the same page). */
function routeMatcher(routePath: string): RegExp {
  const pattern = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern === '' ? '/' : `${pattern}/?`}$`);
}

export interface WebAppOptions {
  /** The member whose session the request carries, if any: their pages speak their language from the first paint and carry their data. */
  member: (request: FastifyRequest) => Promise<{ id: string; language: string | null } | null>;
  now: () => Date;
}

/**
 * Serves the built web app: hashed assets cached for a year, the shell and the
 * service worker always revalidated, and index.html for every app route so the
 * client router can take over (unknown /api paths stay JSON 404s).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, config: PublicConfig, options: WebAppOptions): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const template = fs.readFileSync(indexFile, 'utf8');
  // Each screen's page for a visitor, made once per language: the plain index.html with that screen's preloads.
  // A member's page carries their data, so it is made for each request.
  const preloads = readRoutePreloads(distDir);
  const routes = preloads.routes.map((route) => ({ route, matches: routeMatcher(route.path) }));
  const languages = [...new Set(['it', ...Object.keys(preloads.locales)])];
  // The pages carry the house zone's offset until its clocks next change (ZoneSpan): made again then.
  let pages: { span: ZoneSpan; indexHtml: string; made: Map<string, string> } | undefined;
  const currentPages = () => {
    const now = options.now();
    if (!pages || now.getTime() >= Date.parse(pages.span.until) || now.getTime() < Date.parse(pages.span.from)) {
      const span = zoneSpanAt(config.houseTimeZone, now);
      pages = { span, indexHtml: renderIndexHtml(template, { ...config, houseZoneSpan: span }), made: new Map() };
    }
    return pages;
  };
  /**
   * The page for a request; for a member's page (which no shared cache may keep), the cookies the
   * API set while answering for it.
   */
  const pageFor = async (request: FastifyRequest): Promise<{ html: string; personal: boolean; cookies: readonly string[] }> => {
    const { indexHtml, made } = currentPages();
    const pathname = request.url.split('?', 1)[0]!;
    const index = routes.findIndex(({ matches }) => matches.test(pathname));
    if (index < 0) return { html: indexHtml, personal: false, cookies: [] };
    const { route } = routes[index]!;
    const member = route.session ? await options.member(request) : null;
    const memberLanguage = member?.language && languages.includes(member.language) ? member.language : undefined;
    const locale = memberLanguage ?? browserLocale(request.headers['accept-language'], languages) ?? 'it';
    // Italian before login is the part of the catalog the entry holds (a page of the app without a
    // session sends the visitor to /login); the app's shell loads the whole one.
    const localeChunk = locale !== 'it' || (route.wholeCatalog && member) ? preloads.locales[locale] : undefined;
    if (member) {
      const slots = pageSlots(member.id, new URL(request.url, 'http://page'), config.houseTimeZone, options.now());
      const data = await carryAnswers(app, request, ['/api/session', ...route.data.map((address) => fillSlots(address, slots))]);
      return { html: withRoutePreloads(indexHtml, route, { localeChunk, memberLanguage, data }), personal: true, cookies: data.cookies };
    }
    // Without a session the screen sends the visitor to /login: its data would only be refused.
    const key = `${index} ${locale}`;
    let html = made.get(key);
    if (html === undefined) {
      html = withRoutePreloads(indexHtml, route, { localeChunk, data: { carried: new Map(), preloaded: route.session ? ['/api/session'] : [], cookies: [] } });
      made.set(key, html);
    }
    return { html, personal: false, cookies: [] };
  };

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // index.html is only ever sent with the settings filled in (below).
    allowedPath: (pathName) => pathName !== '/index.html',
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath);
      reply.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, personal, cookies } = await pageFor(request);
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply
      .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    // A missing asset (a page of an older build asking for its chunks) is a 404, not the app's page in its place.
    const missingFile = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/assets/');
    if (missingFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } });
    }
    return sendIndex(request, reply);
  });
  return true;
}
