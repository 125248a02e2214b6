import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's zod resolver that fetches its schema, and zod, on the form's first check rather than
 * with the screen: a screen shows its form at once and its first paint stays free of zod. The
 * schemas sit in the feature's `form-schemas.ts`, which nothing imports but these loaders.
 * Made once per form, at module level; a failed load is tried again on the next check.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(load: () => Promise<z.ZodType<Output, Input>>): Resolver<Input, unknown, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) => zodResolver(schema));
    try {
      return await (await ready)(values, context, options);
    } catch (error) {
      ready = undefined;
      throw error;
    }
  };
}
