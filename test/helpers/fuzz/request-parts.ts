import fc from 'fast-check';
import type { FuzzStore, FuzzWorld } from './fuzz-world.js';
import { hostileString, malformedEncoding, percentEncoded } from './hostile-values.js';
import type { FuzzOperation } from './operations.js';
import { kindOf, prefixOf } from './param-kinds.js';
import { idArbitrary, plausibleValue, type ValueSource } from './schema-values.js';

/** Components stay short enough for Node's 16 KB header limit (that answer is not the app's). */
const MAX_COMPONENT = 3_000;

const clip = (value: string) => value.slice(0, MAX_COMPONENT);

/** C0 controls but the tab, and DEL: `fetch` refuses to send those in a header value. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSENDABLE = /[\x00-\x08\x0a-\x1f\x7f]/g;

/**
 * A header value as raw bytes: UTF-8 sent as latin1, minus the control characters `fetch`
 * refuses to send (Node's parser refusing them is the HTTP-level errors test's subject).
 */
export function headerValue(value: string): string {
  return clip(Buffer.from(value, 'utf8').toString('latin1').replace(UNSENDABLE, '')).trim();
}

function encodedPathValue(kind: string, value: string): string {
  return kind === 'permalink'
    ? value.split('/').map(percentEncoded).join('/')
    : percentEncoded(value);
}

/** One path parameter: the store's own id most of the time, else another store's, kind or shape. */
function pathValue(world: FuzzWorld, source: ValueSource, path: string, param: string) {
  const kind = kindOf(path, param);
  const ownIds = [...world.a.ids.values()].flat();
  const otherPrefixes = fc
    .tuple(idArbitrary(source, kind), fc.constantFrom(...ownIds))
    .map(([id, other]) => `${prefixOf(other) ?? 'x'}_${id.split('_').pop()}`);
  return fc.oneof(
    { weight: 6, arbitrary: idArbitrary(source, kind).map((id) => encodedPathValue(kind, id)) },
    {
      weight: 2,
      arbitrary: idArbitrary({ ...source, ids: world.b.ids }, kind).map((id) =>
        encodedPathValue(kind, id),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...ownIds) },
    { weight: 1, arbitrary: otherPrefixes },
    { weight: 2, arbitrary: hostileString.map((value) => clip(percentEncoded(value)) || '%20') },
    { weight: 1, arbitrary: malformedEncoding },
  );
}

/** Store A's ids but those the run relies on: what deletions may draw from. */
function withoutKept(world: FuzzWorld, ids: ValueSource['ids']): ValueSource['ids'] {
  return new Map(
    [...ids].map(([kind, values]) => [kind, values.filter((id) => !world.a.kept.has(id))]),
  );
}

/** The path with each parameter filled; `clean`: with store A's own ids only. */
export function pathArbitrary(
  world: FuzzWorld,
  source: ValueSource,
  operation: FuzzOperation,
  clean = false,
): fc.Arbitrary<string> {
  const params = operation.pathParams.filter((param) => param !== '*');
  if (!params.length) return fc.constant(operation.path);
  if (operation.method === 'DELETE') source = { ...source, ids: withoutKept(world, source.ids) };
  const value = (param: string) => {
    const kind = kindOf(operation.path, param);
    return clean
      ? idArbitrary(source, kind).map((id) => encodedPathValue(kind, id))
      : pathValue(world, source, operation.path, param);
  };
  const known = world.a.tuples.get(`${operation.method} ${operation.path}`);
  const drawn = fc.tuple(...params.map(value));
  // Values that belong together (a product and its own variant) half the time they are known.
  const values = known?.length
    ? fc.oneof(
        fc.constantFrom(
          ...known.map((tuple) =>
            tuple.map((id, index) => encodedPathValue(kindOf(operation.path, params[index]), id)),
          ),
        ),
        drawn,
      )
    : drawn;
  return values.map((values) =>
    params.reduce(
      (path, param, index) => path.replace(`{${param}}`, values[index]),
      operation.path,
    ),
  );
}

const UNDOCUMENTED_PARAMS = [
  'page',
  'limit',
  'per_page',
  'filter[name]',
  'q[name_cont]',
  'include',
  'fields[product]',
  'sort',
  'expand',
  'currency',
  '__proto__',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'page[]',
  'tags[]',
];

type QuerySchema = FuzzOperation['query'][0]['schema'];

function plausibleQueryValue(source: ValueSource, name: string, schema: QuerySchema) {
  return plausibleValue(source, schema, name).map((value) =>
    Array.isArray(value) ? value.map(String) : [String(value)],
  );
}

function queryValue(source: ValueSource, name: string, schema: QuerySchema) {
  return fc.oneof(
    { weight: 3, arbitrary: plausibleQueryValue(source, name, schema) },
    { weight: 2, arbitrary: hostileString.map((value) => [value]) },
    { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
  );
}

/**
 * Documented parameters (left out, plausible, hostile, repeated) plus undocumented ones;
 * `clean`: documented ones only, plausible or left out.
 */
export function queryArbitrary(
  source: ValueSource,
  operation: FuzzOperation,
  clean = false,
): fc.Arbitrary<string> {
  const documented = operation.query.map(({ name, schema }) =>
    fc.option(
      fc.tuple(
        fc.constant(name),
        clean ? plausibleQueryValue(source, name, schema) : queryValue(source, name, schema),
        clean ? fc.constant(false) : fc.boolean(),
      ),
      { freq: 2 },
    ),
  );
  const undocumented = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...UNDOCUMENTED_PARAMS), hostileString),
      hostileString.map((value) => [value]),
      fc.constant(false),
    ),
    { maxLength: clean ? 0 : 2 },
  );
  const malformed = clean ? fc.constant(null) : fc.option(malformedEncoding, { freq: 8 });
  return fc.tuple(fc.tuple(...documented), undocumented, malformed).map(([own, extra, raw]) => {
    const pairs: string[] = [];
    for (const entry of [...own, ...extra]) {
      if (!entry) continue;
      const [name, values, asArray] = entry;
      const key = percentEncoded(asArray && !name.endsWith('[]') ? `${name}[]` : name);
      for (const value of values) pairs.push(`${key}=${clip(percentEncoded(value))}`);
    }
    if (raw) pairs.push(`x=${raw}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

/** The headers of store A's own callers that the operation's security asks for. */
function validHeaders(
  world: FuzzWorld,
  operation: FuzzOperation,
): fc.Arbitrary<Record<string, string>> {
  const admin = operation.path.startsWith('/api/v3/admin');
  const storefront = /^\/api\/v[23]\/(store|storefront)\b/.test(operation.path);
  const value: Record<string, [string, string]> = {
    'publishable-key': ['x-store-api-key', world.a.shop.publishable_key],
    'secret-key': ['x-store-api-key', world.skA],
    jwt: ['authorization', `Bearer ${admin ? world.staffA : world.a.customerJwt}`],
    'cart-token': ['x-store-token', world.a.guestCart.token],
    'order-token': ['x-store-order-token', world.a.guestCart.token],
  };
  const alternatives = operation.security.length ? operation.security : [[]];
  return fc.constantFrom(...alternatives).map((schemes) => {
    const headers: Record<string, string> = {};
    for (const scheme of schemes) {
      const [name, credential] = value[scheme] ?? [];
      if (name && !headers[name]) headers[name] = credential;
    }
    if (storefront) headers['x-store-api-key'] ??= world.a.shop.publishable_key;
    return headers;
  });
}

function optionalHeader(values: fc.Arbitrary<string>) {
  return fc.option(values, { freq: 3, nil: undefined });
}

/** Credentials that should not open the operation: missing, other store's, scopeless, forged. */
function hostileHeaders(world: FuzzWorld): fc.Arbitrary<Record<string, string | undefined>> {
  const { forged, a, b } = world;
  const tokens = (store: FuzzStore) => store.guestCart.token;
  const jwt = fc.oneof(
    fc.constantFrom(
      world.staffA,
      forged.staffNoScopes,
      forged.staffOfB,
      a.customerJwt,
      b.customerJwt,
      forged.expiredStaff,
      forged.expiredCustomer,
      forged.wrongSecret,
      forged.unsigned,
      'a.b.c',
    ),
    hostileString,
  );
  const cartToken = fc.oneof(
    fc.constantFrom(tokens(a), tokens(b), 'x'.repeat(2_000)),
    hostileString,
  );
  return fc.record({
    'x-store-api-key': optionalHeader(
      fc.oneof(
        fc.constantFrom(
          a.shop.publishable_key,
          b.shop.publishable_key,
          world.skA,
          forged.skNoScopes,
          `pk_${'0'.repeat(40)}`,
          'sk_live_x',
        ),
        hostileString.map((value) => `pk_${value}`),
        hostileString,
      ),
    ),
    authorization: optionalHeader(
      fc.oneof(
        { weight: 4, arbitrary: jwt.map((token) => `Bearer ${token}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('Basic dXNlcjpwYXNz', 'Bearer', 'Bearer  ', 'bearer x.y.z'),
        },
        { weight: 1, arbitrary: hostileString },
      ),
    ),
    'x-store-token': optionalHeader(cartToken),
    'x-store-order-token': optionalHeader(cartToken),
  });
}

/** Headers any caller may add: currency, idempotency key, request id, forwarded address. */
const extraHeaders = fc.record(
  {
    'x-store-currency': fc.oneof(fc.constantFrom('USD', 'EUR', 'XXX', 'usd'), hostileString),
    'idempotency-key': fc.oneof(fc.uuid(), fc.constant('k'.repeat(300)), hostileString),
    'x-request-id': hostileString,
    'x-forwarded-for': fc.oneof(
      fc.constantFrom('10.0.0.1', '::1', '1.2.3.4, 5.6.7.8', 'unknown', '999.1.1.1'),
      hostileString,
    ),
    accept: fc.constantFrom('*/*', 'text/html', 'application/vnd.api+json', 'image/png'),
  },
  { requiredKeys: [] },
);

/** Credentials valid for the operation about half the time; then and otherwise, odd extras. */
export function headersArbitrary(
  world: FuzzWorld,
  operation: FuzzOperation,
  clean = false,
): fc.Arbitrary<{ valid: boolean; headers: Record<string, string> }> {
  const credentials = clean
    ? validHeaders(world, operation).map((headers) => ({ valid: true, headers }))
    : fc.oneof(
        validHeaders(world, operation).map((headers) => ({ valid: true, headers })),
        hostileHeaders(world).map((headers) => ({ valid: false, headers })),
      );
  const none: fc.Arbitrary<Record<string, string | undefined>> = fc.constant({});
  const extras = clean
    ? none
    : fc.oneof({ weight: 2, arbitrary: none }, { weight: 1, arbitrary: extraHeaders });
  return fc.tuple(credentials, extras).map(([{ valid, headers: sent }, extra]) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...sent, ...extra }))
      if (typeof value === 'string') headers[name] = headerValue(value);
    return { valid, headers };
  });
}
