import type { contentPageSchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';

/** Content queries live under ['content']. */
export const contentKeys = {
  all: ['content'] as const,
  tutorial: (id: string) => [...contentKeys.all, 'tutorials', id] as const,
  welcome: () => [...contentKeys.all, 'welcome'] as const,
};

/** GET /api/content/{path}: the page's safe HTML, or null. */
export function fetchContent(path: string, signal?: AbortSignal): Promise<string | null> {
  return api.get<Answer<typeof contentPageSchema>>(`/content/${path}`, { signal }).then((data) => data.html);
}
