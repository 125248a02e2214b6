import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const encodedByZod = createSerializerCompiler({});

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the route's
 * zod response schema, made once per route: checking every answer with zod and
 * then JSON.stringify cost more than the database query of a month. It keeps
 * what mattered of zod's check: only the schema's fields leave the server.
 * A schema JSON Schema cannot express (a transform) is still encoded by zod.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  // Made on the route's first answer rather than at start: compiling every route's
  // serializer took most of the start's CPU, and many routes are rarely called.
  let serialize: ((data: unknown) => string) | undefined;
  // A frozen answer cannot change: one kept while its data is unchanged (db/unchanged.ts) is
  // written once, however many requests send it.
  const written = new WeakMap<object, string>();
  return (data) => {
    serialize ??= compile(route);
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) written.set(data, (json = serialize(data)));
    return json;
  };
};

function compile(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): (data: unknown) => string {
  const schema = route.schema instanceof z.ZodType ? route.schema : (route.schema as { properties?: unknown }).properties;
  if (!(schema instanceof z.ZodType)) return encodedByZod(route);
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return encodedByZod(route);
  }
  return fastJson(jsonSchema);
}
