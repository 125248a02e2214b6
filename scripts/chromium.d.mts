/** The Chromium or Chrome the browser tests drive: CHROME_PATH first, then the usual places. */
export function findChromium(): string | null;
