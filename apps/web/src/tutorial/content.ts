import type { contentPageSchema } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';

/** Content queries live under ['content']. */
export const contentKeys = {
  all: ['content'] as const,
  tutorial: (id: string) => [...contentKeys.all, 'tutorials', id] as const,
  welcome: () => [...contentKeys.all, 'welcome'] as const,
};

/** A house text: its safe HTML (null while the house has not written it) and the language it is in. */
export type HouseText = Answer<typeof contentPageSchema>;

/** GET /api/content/{page}: the page's text, in the page's language when the house wrote it so. `address` is the API path, `/content/…`. */
export function fetchContent(address: string, signal?: AbortSignal): Promise<HouseText> {
  return api.get<HouseText>(address, { signal });
}
