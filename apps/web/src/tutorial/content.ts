import type { contentPageSchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';

/** Content queries live under ['content']. */
export const contentKeys = {
  all: ['content'] as const,
  tutorial: (id: string) => [...contentKeys.all, 'tutorials', id] as const,
  welcome: () => [...contentKeys.all, 'welcome'] as const,
};

/** GET /api/content/{page}: the page's safe HTML, or null. `address` is the API path, `/content/…`. */
export function fetchContent(address: string, signal?: AbortSignal): Promise<string | null> {
  return api.get<Answer<typeof contentPageSchema>>(address, { signal }).then((data) => data.html);
}
