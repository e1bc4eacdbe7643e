import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import fc from 'fast-check';
import type { IdPool } from './harvest.js';
import type { JsonValue } from './json-text.js';
import { resolveSchema, type Schema } from './operations.js';
import { kindOf } from './param-kinds.js';

/** What plausible values are drawn from: the document's schemas and store A's ids. */
export interface ValueSource {
  document: OpenAPIObject;
  ids: IdPool;
  /** The id prefix of the records the operation is about, for members called `id` or `ids`. */
  ownKind?: string;
}

/** An id of the kind a member (`variant_id`) or parameter names, else any id of the store. */
export function idArbitrary(source: ValueSource, kind: string): fc.Arbitrary<string> {
  const own = source.ids.get(kind);
  if (own?.length) return fc.constantFrom(...own);
  const all = [...source.ids.values()].flat();
  return all.length ? fc.constantFrom(...all) : fc.constant('none_0');
}

/** Values members of these names take when the store is to accept them. */
function namedString(source: ValueSource, name: string): fc.Arbitrary<string> | undefined {
  if (name.endsWith('_id')) return idArbitrary(source, kindOf('', name));
  if ((name === 'id' || name === 'ids') && source.ownKind)
    return idArbitrary(source, source.ownKind);
  if (/email/.test(name))
    return fc.stringMatching(/^[a-z]{1,10}$/).map((local) => `${local}@example.com`);
  if (/password/.test(name)) return fc.constant('a-long-enough-password');
  if (/url/.test(name))
    return fc.constantFrom('http://127.0.0.1:9/in', 'https://hooks.example.com/in');
  if (/currency/.test(name)) return fc.constantFrom('USD', 'EUR');
  if (/countr/.test(name)) return fc.constantFrom('US', 'DE', 'GB', 'ZZ');
  if (name === 'provider') return fc.constant('email');
  if (/^state/.test(name)) return fc.constantFrom('VA', 'NY', 'BY');
  if (/locale/.test(name)) return fc.constant('en');
  if (/amount|price|total/.test(name)) return fc.constantFrom('10.50', '0.01', '5', '1.999');
  if (/zipcode|postal/.test(name)) return fc.constantFrom('22202', '37073');
  if (/subscriptions|event/.test(name)) return fc.constantFrom('order.completed', 'product.*', '*');
  return undefined;
}

function stringValue(source: ValueSource, schema: SchemaObject, name: string) {
  const named = namedString(source, name);
  if (named) return named;
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
    } catch {
      // A pattern fast-check cannot generate from: fall through to plain text.
    }
  }
  const text = fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }),
    fc.constantFrom('Fuzz item', 'fuzz-item'),
  );
  if (schema.example === undefined) return text;
  return fc.oneof({ weight: 3, arbitrary: fc.constant(String(schema.example)) }, text);
}

function numberValue(schema: SchemaObject): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? 0, -1_000);
  const max = Math.max(Math.min(schema.maximum ?? 100, 1_000), min);
  return fc.integer({ min, max });
}

/**
 * Values the schema allows (or nearly: member names guide ids, emails and money), to get
 * requests past validation and into the handlers.
 */
export function plausibleValue(
  source: ValueSource,
  schema: Schema | undefined,
  name = '',
  depth = 0,
): fc.Arbitrary<JsonValue> {
  const resolved = resolveSchema(source.document, schema);
  if (resolved.enum?.length) return fc.constantFrom(...(resolved.enum as JsonValue[]));
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (variants?.length)
    return fc.oneof(...variants.map((variant) => plausibleValue(source, variant, name, depth)));
  const type = resolved.type ?? (resolved.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      if (depth > 3 || !resolved.properties)
        return fc.dictionary(
          fc.stringMatching(/^[a-z]{1,8}$/),
          fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()),
          { maxKeys: 3 },
        );
      const model: Record<string, fc.Arbitrary<JsonValue>> = {};
      for (const [member, inner] of Object.entries(resolved.properties))
        model[member] = plausibleValue(source, inner, member, depth + 1);
      return fc.record(model, {
        requiredKeys: (resolved.required ?? []) as never[],
      }) as fc.Arbitrary<JsonValue>;
    }
    case 'array': {
      const items = plausibleValue(source, resolved.items, name.replace(/s$/, ''), depth + 1);
      const minLength = Math.min(Math.max(resolved.minItems ?? 0, 1), 3);
      return fc.array(items, { minLength, maxLength: 3 });
    }
    case 'integer':
    case 'number':
      return numberValue(resolved);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringValue(source, resolved, name);
    default:
      return namedString(source, name) ?? fc.oneof(fc.integer({ min: 0, max: 5 }), fc.string());
  }
}

/** The member names a body schema documents (top level). */
export function memberNames(source: ValueSource, schema: Schema | undefined): string[] {
  return Object.keys(resolveSchema(source.document, schema).properties ?? {});
}
