import { z } from 'zod';
import { api } from '../lib/api.ts';

/** A house text rendered by the server from content/*.md; null while the house has not written it. */
export const contentPageSchema = z.object({ html: z.string().nullable() });

/** Content queries live under ['content']. */
export const contentKeys = {
  all: ['content'] as const,
  tutorial: (id: string) => [...contentKeys.all, 'tutorials', id] as const,
  welcome: () => [...contentKeys.all, 'welcome'] as const,
};

/** GET /api/content/{path}: the page's safe HTML, or null. */
export function fetchContent(path: string, signal?: AbortSignal): Promise<string | null> {
  return api.get(`/content/${path}`, contentPageSchema, { signal }).then((data) => data.html);
}
