import fc from 'fast-check';
import {
  type Amplifier,
  amplifier,
  amplifierText,
  hostileKey,
  hostileValue,
} from './hostile-values.js';
import { JsonMembers, type JsonValue, jsonText, RawJson } from './json-text.js';
import { type FuzzOperation, resolveSchema, type Schema } from './operations.js';
import { memberNames, plausibleValue, type ValueSource } from './schema-values.js';

export interface FuzzBody {
  contentType?: string;
  body: string | Buffer;
}

const JSON_TYPES = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | undefined>(
      'application/json; charset=utf-8',
      'application/vnd.api+json',
      'application/json; charset=latin-1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      undefined,
    ),
  },
);

/** Bodies no JSON parser should take as they are. */
const RAW_BODIES: (string | Buffer)[] = [
  '',
  '{',
  '{"a":}',
  '{"a":1}garbage',
  '\ufeff{}',
  'null',
  '"text"',
  '[]',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'a=1&b=2',
  '<xml/>',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]),
  'x'.repeat(200_000),
];

/** A plausible object with some members replaced by, or joined by, hostile ones. */
function mutated(source: ValueSource, operation: FuzzOperation): fc.Arbitrary<JsonValue> {
  const names = memberNames(source, operation.body!.schema);
  const key = names.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, hostileKey)
    : hostileKey;
  return fc
    .tuple(
      plausibleValue(source, operation.body!.schema),
      fc.array(fc.tuple(key, hostileValue), { minLength: 1, maxLength: 3 }),
    )
    .map(([base, changes]) => {
      if (base === null || typeof base !== 'object' || Array.isArray(base)) return base;
      const changed = new Set(changes.map(([name]) => name));
      const kept = Object.entries(base).filter(([name]) => !changed.has(name));
      return new JsonMembers([...kept, ...changes] as [string, JsonValue][]);
    });
}

/** A place in a body: member names and array indexes from its root (`[]`: the body itself). */
interface Position {
  path: (string | number)[];
  type: string;
  name: string;
}

/** Levels of a schema the positions go down: past them, bodies are the amplifier's alone. */
const MAX_POSITION_DEPTH = 6;

/** Every position a body schema documents: the root, each member, each array's first item. */
function positionsOf(source: ValueSource, schema: Schema | undefined): Position[] {
  const found = new Map<string, Position>();
  const visit = (schema: Schema | undefined, path: Position['path'], name: string) => {
    const resolved = resolveSchema(source.document, schema);
    const type = String(resolved.type ?? (resolved.properties ? 'object' : 'any'));
    const key = JSON.stringify(path);
    if (!found.has(key) || found.get(key)!.type === 'any') found.set(key, { path, type, name });
    if (path.length >= MAX_POSITION_DEPTH) return;
    for (const variant of resolved.oneOf ?? resolved.anyOf ?? []) visit(variant, path, name);
    for (const [member, inner] of Object.entries(resolved.properties ?? {}))
      visit(inner, [...path, member], member);
    if (type === 'array') visit(resolved.items, [...path, 0], name);
  };
  visit(schema, [], '');
  return [...found.values()];
}

/** `base` with `value` at `path`, the objects and arrays on the way made where missing. */
function placedAt(base: JsonValue, path: Position['path'], value: JsonValue): JsonValue {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (typeof step === 'number') {
    const items = Array.isArray(base) ? [...base] : [];
    items[step] = placedAt(items[step] ?? null, rest, value);
    return items;
  }
  const members =
    base !== null && typeof base === 'object' && !Array.isArray(base) && !(base instanceof RawJson)
      ? { ...(base as Record<string, JsonValue>) }
      : {};
  members[step] = placedAt(members[step] ?? null, rest, value);
  return members;
}

/**
 * What a position is filled with: long arrays anywhere (of objects, numbers, strings: arrays
 * where objects are expected too), deep and wide objects where objects go, above all metadata,
 * long strings where strings go.
 */
function amplifierFor(position: Position): fc.Arbitrary<Amplifier> {
  const weights: Record<Amplifier['shape'], number> =
    position.type === 'string'
      ? { array: 1, 'deep-wide': 0, string: 3 }
      : position.type === 'object'
        ? { array: 3, 'deep-wide': /metadata/.test(position.name) ? 4 : 2, string: 1 }
        : position.type === 'array'
          ? { array: 4, 'deep-wide': 1, string: 0 }
          : { array: 2, 'deep-wide': 1, string: 1 };
  return fc.oneof(
    ...Object.entries(weights)
      .filter(([, weight]) => weight > 0)
      .map(([shape, weight]) => ({ weight, arbitrary: amplifier(shape as Amplifier['shape']) })),
  );
}

/**
 * A body whose whole text is the amplifier's `bodyBytes` long (just under the body limit, or
 * over it): a plausible body with one position (`positions`, the root included) filled up.
 */
function amplifiedBody(
  base: fc.Arbitrary<JsonValue>,
  positions: Position[],
): fc.Arbitrary<FuzzBody> {
  return fc
    .constantFrom(...positions)
    .chain((position) =>
      fc.tuple(
        fc.constant(position),
        base,
        amplifierFor(position),
        fc.constantFrom('application/json', 'application/json', 'application/vnd.api+json'),
      ),
    )
    .map(([position, plausible, fill, contentType]) => {
      const rest = Buffer.byteLength(jsonText(placedAt(plausible, position.path, new RawJson(''))));
      const filler = amplifierText(fill, fill.bodyBytes - rest);
      return {
        contentType,
        body: jsonText(placedAt(plausible, position.path, new RawJson(filler))),
      };
    });
}

function multipart(parts: { name: string; filename?: string; content: string }[]): FuzzBody {
  const boundary = 'fuzzboundary';
  const body = parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename ? `; filename="${part.filename}"\r\nContent-Type: text/plain` : '') +
        `\r\n\r\n${part.content}\r\n`,
    )
    .join('');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `${body}--${boundary}--\r\n`,
  };
}

const fileUpload: fc.Arbitrary<FuzzBody> = fc
  .tuple(fc.string({ maxLength: 40 }), fc.string({ minLength: 0, maxLength: 200 }))
  .map(([filename, content]) =>
    multipart([{ name: 'file', filename: filename || 'a.txt', content }]),
  );

const multipartBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fileUpload,
  fc.constant(multipart([{ name: 'other', content: 'x' }])),
  fc.constant(multipart([])),
  fc.constant<FuzzBody>({ contentType: 'multipart/form-data', body: '--x\r\n\r\n' }),
  fc.constant<FuzzBody>({
    contentType: 'multipart/form-data; boundary=b',
    body: 'no parts at all',
  }),
);

const jsonBody = (value: fc.Arbitrary<JsonValue>) =>
  fc
    .tuple(value, JSON_TYPES)
    .map(([json, contentType]): FuzzBody => ({ contentType, body: jsonText(json) }));

const hostileBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 2, arbitrary: jsonBody(hostileValue) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...RAW_BODIES), JSON_TYPES)
      .map(([body, contentType]) => ({ contentType, body })),
  },
);

/** Bodies filled to about the body limit at the root alone, for writes that document none. */
const amplifiedRoot = amplifiedBody(fc.constant({}), [{ path: [], type: 'any', name: '' }]);

/**
 * The body: for documented bodies mostly plausible or plausible-but-mutated, else hostile, and
 * one in about fifty amplified (one position filled to about the body limit); for writes
 * without a documented body, usually none. `clean`: plausible bodies only. Amplified bodies
 * are rare: each may cost a service that checks its caps late a second or more.
 */
export function bodyArbitrary(
  source: ValueSource,
  operation: FuzzOperation,
  clean = false,
): fc.Arbitrary<FuzzBody | undefined> {
  if (operation.method === 'GET' || (clean && !operation.body)) return fc.constant(undefined);
  if (!operation.body)
    return fc.oneof(
      { weight: 40, arbitrary: fc.constant(undefined) },
      { weight: 10, arbitrary: hostileBody },
      { weight: 1, arbitrary: amplifiedRoot },
    );
  if (operation.body.contentType.startsWith('multipart/'))
    return clean
      ? fileUpload
      : fc.oneof({ weight: 3, arbitrary: multipartBody }, { weight: 1, arbitrary: hostileBody });
  const plausible = plausibleValue(source, operation.body.schema);
  if (clean)
    return plausible.map((json) => ({ contentType: 'application/json', body: jsonText(json) }));
  return fc.oneof(
    { weight: 20, arbitrary: jsonBody(plausible) },
    { weight: 20, arbitrary: jsonBody(mutated(source, operation)) },
    { weight: 10, arbitrary: hostileBody },
    { weight: 1, arbitrary: amplifiedBody(plausible, positionsOf(source, operation.body.schema)) },
  );
}
