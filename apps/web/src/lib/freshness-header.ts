/** Set by the service worker on an API answer that comes from its cache: when it was fetched. */
export const CACHED_AT_HEADER = 'x-rustico-cached-at';

/** The service worker's cache of API answers; cleared at logout, since it holds one member's data. */
export const API_CACHE_NAME = 'rustico-api-v1';
