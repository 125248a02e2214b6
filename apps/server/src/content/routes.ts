import { contentPageSchema, HOUSE_LANGUAGE, isTutorialId, type Language } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { readHouseMarkdown } from '../house/content.ts';
import { notFound } from '../http/errors.ts';
import { readerLanguage } from '../http/reader-language.ts';
import { errorResponses } from '../http/schemas.ts';
import { renderMarkdown } from './markdown.ts';

/**
 * The house's texts (content/*.md), rendered to safe HTML: in the language the page is shown in
 * when the house wrote the text so (`welcome.fr.md`), else the house's own, and which it is.
 */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A file is read on every request, so an edit shows at once, but rendered only when it changed
    // (Home asks for the letter on every load); the kept page is frozen, so it is serialised once too.
    const rendered = new Map<string, { source: string; page: { html: string; language: Language } }>();
    const page = async (file: string, language: Language) => {
      const text = await readHouseMarkdown(ctx.config.contentDir, file, language);
      if (text === null) return { html: null, language: HOUSE_LANGUAGE };
      const key = `${file} ${text.language}`;
      const kept = rendered.get(key);
      if (kept?.source === text.source) return kept.page;
      const fresh = Object.freeze({ html: await renderMarkdown(text.source), language: text.language });
      rendered.set(key, { source: text.source, page: fresh });
      return fresh;
    };

    app.get(
      '/content/tutorials/:id',
      {
        schema: {
          tags: ['content'],
          summary: 'A house guide; html is null while the house has not written it',
          params: z.object({ id: z.string().max(50) }),
          response: { 200: contentPageSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        requireUser(request);
        if (!isTutorialId(request.params.id)) throw notFound('Tutorial');
        return page(`tutorials/${request.params.id}.md`, readerLanguage(request));
      },
    );

    app.get(
      '/content/welcome',
      { schema: { tags: ['content'], summary: 'The house letter on Home', response: { 200: contentPageSchema, ...errorResponses(401) } } },
      async (request) => {
        requireUser(request);
        return page('welcome.md', readerLanguage(request));
      },
    );

    app.get(
      '/content/visitor',
      { schema: { tags: ['content'], summary: 'The public welcome page for guests', response: { 200: contentPageSchema } } },
      async (request) => page('visitor.md', readerLanguage(request)),
    );
  };
}
