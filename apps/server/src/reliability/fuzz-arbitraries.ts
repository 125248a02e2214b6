import fc from 'fast-check';

/**
 * fast-check arbitraries for the fuzzing suite, built from the JSON schemas
 * that /api/openapi.json derives from the zod schemas of packages/core: first
 * a value the schema accepts, then, often, a mutation of it that it should not.
 */

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  maxItems?: number;
}

/** What a person, a broken client or an attacker might put in a text. */
const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u200B',
  '\u202E',
  '\u202Eevil\u202C',
  '\uFEFF',
  '\uD800',
  ' \t\n ',
  'e\u0301',
  '👨‍👩‍👧',
  "'; drop table bookings; --",
  '=HYPERLINK("http://x")',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\\',
  'x'.repeat(5000),
);

const hostileDate = fc.constantFrom('9999-12-31', '10000-01-01', '0001-01-01', '1999-12-31', '2026-02-30', '2026-13-01', '2026-11-21T00:00:00Z', '21.11.2026', '', '2100-01-01');

/**
 * Dates around today (the tests' clock says 2026-11-21): mostly the next four
 * months, where stays collide, sometimes up to eleven years ahead.
 */
const plausibleDate = fc
  .oneof({ weight: 7, arbitrary: fc.integer({ min: -10, max: 120 }) }, { weight: 3, arbitrary: fc.integer({ min: -60, max: 4000 }) })
  .map((days) => new Date(Date.UTC(2026, 10, 21 + days)).toISOString().slice(0, 10));

const text = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'binary' }) },
    { weight: 2, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.array(fc.oneof(hostileText, fc.string({ unit: 'grapheme' })), { maxLength: 6 }).map((parts) => parts.join('')) },
  );

/** Values worth trying per field name (the logins of the test's accounts, say). */
export type Known = Record<string, string[]>;

function stringFor(schema: JsonSchema, name: string, known: Known): fc.Arbitrary<string> {
  if (schema.format === 'date' || /^(start|end|from|to|date)$/.test(name)) return fc.oneof({ weight: 6, arbitrary: plausibleDate }, { weight: 1, arbitrary: hostileDate });
  const hints = known[name] ?? [];
  if (hints.length) {
    const variants = fc.constantFrom(...hints).map((hint) => ` ${hint.toUpperCase()} `);
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hints) }, { weight: 1, arbitrary: variants }, { weight: 2, arbitrary: stringFor(schema, '', {}) });
  }
  if (name === 'email') return fc.oneof(fc.emailAddress(), text(0, 254));
  if (schema.pattern) return fc.oneof({ weight: 3, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) }, { weight: 1, arbitrary: text(0, 80) });
  return text(schema.minLength ?? 0, schema.maxLength ?? 200);
}

/** A value the schema describes (the server may still refuse it by rules JSON Schema cannot say). */
export function valueFor(schema: JsonSchema, name = '', known: Known = {}): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, valueFor(value, key, known)]));
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] });
      if (!('start' in properties && 'end' in properties)) return record;
      // Stays of a few nights, often, and then without the optional extras (an owner, an override)
      // that only administrators may send: enough of them pass to put the no-shared-night and
      // quota rules to work.
      return fc.tuple(record, fc.boolean(), fc.nat(10)).map(([value, short, nights]) => {
        const start = (value as { start?: unknown }).start;
        if (!short || typeof start !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return value;
        const end = new Date(Date.parse(`${start}T00:00:00Z`) + nights * 86_400_000);
        if (Number.isNaN(end.getTime())) return value;
        const plain = Object.fromEntries(Object.entries(value as object).filter(([key]) => key !== 'ownerId' && key !== 'override'));
        return { ...plain, end: end.toISOString().slice(0, 10) };
      });
    }
    case 'string':
      return stringFor(schema, name, known);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'number':
      // Meter readings: mostly what a meter shows, so that check-ins and check-outs get through.
      if (/kwh/i.test(name)) return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 40_000 }) }, { weight: 1, arbitrary: fc.double({ min: -1, max: 2e7, noNaN: true }) });
      return fc.oneof(
        fc.double({ min: schema.minimum ?? -1e12, max: schema.maximum ?? 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 100_000 }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array': {
      // Now and then a hostile text among the items, whatever they should be: NUL inside a list of ids was a 500 on PostgreSQL.
      const item = schema.items ? valueFor(schema.items, name, known) : fc.jsonValue();
      return fc.array(fc.oneof({ weight: 4, arbitrary: item }, { weight: 1, arbitrary: hostileText }), { maxLength: Math.min(schema.maxItems ?? 8, 8) });
    }
    default:
      return fc.jsonValue();
  }
}

/** A value of any JSON type, hostile ones first. */
const anyHostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileDate,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 1.5, [], {}, ['x'], { $gt: '' }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Breaks a valid body in one of the ways a client can. */
export function mutated(body: unknown): fc.Arbitrary<unknown> {
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const keys = isObject ? Object.keys(body as object) : [];
  const options: fc.Arbitrary<unknown>[] = [
    anyHostileValue,
    fc.constant([body]),
  ];
  if (isObject) {
    options.push(
      fc.record({ key: fc.constantFrom(...(keys.length ? keys : ['x'])), value: anyHostileValue }).map(({ key, value }) => ({ ...(body as object), [key]: value })),
      fc.constantFrom(...(keys.length ? keys : ['x'])).map((key) => {
        const copy: Record<string, unknown> = { ...(body as object) };
        delete copy[key];
        return copy;
      }),
      // Extra keys, `__proto__` among them as JSON.parse keeps it: an own property, not the prototype.
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'userId', 'role', 'hidden').map((key) => {
        const rest = JSON.stringify(body).slice(1);
        return JSON.parse(`{"${key}":{"polluted":true}${rest === '}' ? '' : ','}${rest}`);
      }),
    );
  }
  return fc.oneof(...options);
}

/** A body as the server receives it: mostly valid JSON of the schema, often mutated, sometimes not JSON at all. */
export function bodyFor(schema: JsonSchema | undefined, known: Known = {}): fc.Arbitrary<{ raw: string }> {
  const valid = schema ? valueFor(schema, '', known) : fc.constant({});
  const json = fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: valid.chain(mutated) },
  ).map((value) => ({ raw: JSON.stringify(value) ?? 'null' }));
  const broken = fc.constantFrom('{', '{"a":', '', 'null', '"\u0000"', '{"text":"\\u0000"}', '{"text":"\\ud800"}', '[1,2', '{"a":1,"a":2}').map((raw) => ({ raw }));
  // Deep nesting: a parser or a validator that recurses should not fall over.
  const deep = fc.integer({ min: 50, max: 20_000 }).map((depth) => ({ raw: `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}` }));
  return fc.oneof({ weight: 8, arbitrary: json }, { weight: 1, arbitrary: broken }, { weight: 1, arbitrary: deep });
}

/** Percent-encoding; a lone surrogate becomes its (invalid) UTF-8 bytes, which a server must survive too. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path or query value: a known id, a schema value, or something hostile, already encoded for a URL. */
export function urlValueFor(schema: JsonSchema, name: string, known: Known = {}): fc.Arbitrary<{ pool: number } | { encoded: string }> {
  // Dates come from the generator; ids, years and feed files from what the server handed out.
  const fromPool = schema.format === 'date' || /^(from|to)$/.test(name) ? 0 : 4;
  return fc.oneof(
    { weight: fromPool, arbitrary: fc.nat().map((pool) => ({ pool })) },
    { weight: 3, arbitrary: valueFor(schema, name, known).map((value) => ({ encoded: encode(String(value)) })) },
    { weight: 2, arbitrary: fc.oneof(hostileText, hostileDate).map((value) => ({ encoded: encode(value) })) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%ff', '%', '..', '%2e%2e%2f', '0', '-1', '%E2%80%AE', 'a'.repeat(300)).map((encoded) => ({ encoded })) },
  );
}
