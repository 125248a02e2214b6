import type { Page } from '@playwright/test';

/**
 * The scripts `page` downloads from now on, by path, with their bodies. A body still being read
 * when the page closes is left out: the test that wanted it has finished by then, and the read's
 * failure would otherwise end the worker (and fail a test that passed).
 */
export function downloadedScripts(page: Page): Map<string, Buffer> {
  const scripts = new Map<string, Buffer>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    response.body().then(
      (body) => scripts.set(new URL(response.url()).pathname, body),
      () => undefined,
    );
  });
  return scripts;
}
