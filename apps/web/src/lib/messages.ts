import type { it } from './locales/it.ts';

/** Same shape as the Italian catalog, any strings: what a de/en catalog must provide. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof it>;
