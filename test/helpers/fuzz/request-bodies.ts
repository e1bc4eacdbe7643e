import fc from 'fast-check';
import { hostileKey, hostileValue } from './hostile-values.js';
import { JsonMembers, type JsonValue, jsonText } from './json-text.js';
import type { FuzzOperation } from './operations.js';
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

/**
 * The body: for documented bodies mostly plausible or plausible-but-mutated, else hostile;
 * for writes without a documented body, usually none. `clean`: plausible bodies only.
 */
export function bodyArbitrary(
  source: ValueSource,
  operation: FuzzOperation,
  clean = false,
): fc.Arbitrary<FuzzBody | undefined> {
  if (operation.method === 'GET' || (clean && !operation.body)) return fc.constant(undefined);
  if (!operation.body)
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: hostileBody },
    );
  if (operation.body.contentType.startsWith('multipart/'))
    return clean
      ? fileUpload
      : fc.oneof({ weight: 3, arbitrary: multipartBody }, { weight: 1, arbitrary: hostileBody });
  const plausible = plausibleValue(source, operation.body.schema);
  if (clean)
    return plausible.map((json) => ({ contentType: 'application/json', body: jsonText(json) }));
  return fc.oneof(
    { weight: 4, arbitrary: jsonBody(plausible) },
    { weight: 4, arbitrary: jsonBody(mutated(source, operation)) },
    { weight: 2, arbitrary: hostileBody },
  );
}
