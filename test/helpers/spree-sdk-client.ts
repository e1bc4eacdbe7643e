import { type Client, type ClientConfig, createClient } from '@spree/sdk';
import {
  AddressSchema,
  CartSchema,
  CategorySchema,
  ChannelSchema,
  CountrySchema,
  CreditCardSchema,
  CurrencySchema,
  CustomerSchema,
  GiftCardSchema,
  LocaleSchema,
  MarketSchema,
  NewsletterSubscriberSchema,
  OrderSchema,
  PaymentSchema,
  PaymentSessionSchema,
  PolicySchema,
  PaymentSetupSessionSchema,
  ProductFiltersSchema,
  ProductSchema,
  StoreCreditSchema,
  WishlistItemSchema,
  WishlistSchema,
} from '@spree/sdk/zod';
import { z } from 'zod';

/** One response the client received, handed to the response hook. */
export interface SdkExchange {
  method: string;
  /** Path below `/api/v3/store`, without the query string (e.g. `/countries/US`). */
  path: string;
  url: string;
  status: number;
  /** The parsed JSON body (`undefined` when there is none). */
  body: unknown;
}

export interface SpreeSdkClientOptions extends Omit<ClientConfig, 'baseUrl' | 'fetch'> {
  /** Called with every response before the client sees it (e.g. to parse it with a zod schema). */
  onResponse?: (exchange: SdkExchange) => void;
  /** Sent with every request (e.g. `X-Forwarded-For`, to stand for a client address of its own). */
  headers?: Record<string, string>;
}

const STORE_API_PATH = '/api/v3/store';
const SPREE_PREFIX = 'x-spree-';
/** Contract spellings that are not the plain `X-Store-<Title-Case>` form. */
const CONTRACT_NAMES: Record<string, string> = { 'api-key': 'X-Store-API-Key' };

/** The contract's name of a request header: `X-Spree-*` becomes `X-Store-*`, others stay. */
export function contractHeaderName(name: string): string {
  const lower = name.toLowerCase();
  if (!lower.startsWith(SPREE_PREFIX)) return name;
  const rest = lower.slice(SPREE_PREFIX.length);
  return (
    CONTRACT_NAMES[rest] ??
    `X-Store-${rest
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('-')}`
  );
}

type HeaderSource = ConstructorParameters<typeof Headers>[0];

/** The request headers with every `x-spree-*` name renamed to the contract's (values unchanged). */
export function renameSpreeHeaders(...sources: HeaderSource[]): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const source of sources) {
    new Headers(source).forEach((value, name) => {
      renamed[contractHeaderName(name)] = value;
    });
  }
  return renamed;
}

/**
 * The unmodified `@spree/sdk` client against a test app. Its `fetch` only renames the `X-Spree-*`
 * request headers to this service's `X-Store-*` names, and shows each response to `onResponse`.
 */
export function createSpreeSdkClient(baseUrl: string, options: SpreeSdkClientOptions): Client {
  const { onResponse, headers: extraHeaders, ...config } = options;
  const contractFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const headers = { ...extraHeaders, ...renameSpreeHeaders(request?.headers, init?.headers) };
    const response = await fetch(input, { ...init, headers });
    if (onResponse) {
      const url = new URL(request?.url ?? String(input));
      const text = await response.clone().text();
      onResponse({
        method: init?.method ?? request?.method ?? 'GET',
        path: url.pathname.startsWith(STORE_API_PATH)
          ? url.pathname.slice(STORE_API_PATH.length)
          : url.pathname,
        url: url.toString(),
        status: response.status,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
    }
    return response;
  };
  return createClient({ ...config, baseUrl, fetch: contractFetch });
}

/** `{ data: [...] }`, the client's `ListResponse` (unpaginated lists). */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** The client's `PaginationMeta`. */
export const PaginationMetaSchema = z.object({
  page: z.number(),
  limit: z.number(),
  count: z.number(),
  pages: z.number(),
  from: z.number(),
  to: z.number(),
  in: z.number(),
  previous: z.number().nullable(),
  next: z.number().nullable(),
});

/** `{ data: [...], meta }`, the client's `PaginatedResponse`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: PaginationMetaSchema });

/** The client's error body (`ErrorResponse`). */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

/** The client's `AuthTokens`, with the whole customer as the user (register, login, refresh, reset). */
export const AuthTokensSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  user: CustomerSchema,
});

/** Successful responses of the Store API by method and path, with the schema the client expects. */
const RESPONSE_SCHEMAS: [method: string, path: RegExp, schema: z.ZodType][] = [
  ['GET', /^\/countries$/, listOf(CountrySchema)],
  ['GET', /^\/countries\/[^/]+$/, CountrySchema],
  ['GET', /^\/currencies$/, listOf(CurrencySchema)],
  ['GET', /^\/locales$/, listOf(LocaleSchema)],
  ['GET', /^\/markets$/, listOf(MarketSchema)],
  ['GET', /^\/markets\/[^/]+\/countries$/, listOf(CountrySchema)],
  ['GET', /^\/markets\/[^/]+\/countries\/[^/]+$/, CountrySchema],
  ['GET', /^\/markets\/[^/]+$/, MarketSchema],
  ['GET', /^\/products$/, pageOf(ProductSchema)],
  ['GET', /^\/products\/filters$/, ProductFiltersSchema],
  ['GET', /^\/products\/[^/]+$/, ProductSchema],
  ['GET', /^\/categories$/, pageOf(CategorySchema)],
  ['GET', /^\/categories\/.+$/, CategorySchema],
  ['POST', /^\/carts$/, CartSchema],
  ['GET', /^\/carts$/, pageOf(CartSchema)],
  ['GET', /^\/carts\/[^/]+$/, CartSchema],
  ['PATCH', /^\/carts\/[^/]+(\/associate)?$/, CartSchema],
  ['DELETE', /^\/carts\/[^/]+$/, z.undefined()],
  ['POST', /^\/carts\/[^/]+\/items$/, CartSchema],
  ['PATCH', /^\/carts\/[^/]+\/items\/[^/]+$/, CartSchema],
  ['DELETE', /^\/carts\/[^/]+\/items\/[^/]+$/, CartSchema],
  ['PATCH', /^\/carts\/[^/]+\/fulfillments\/[^/]+$/, CartSchema],
  ['POST', /^\/carts\/[^/]+\/payments$/, PaymentSchema],
  ['POST', /^\/carts\/[^/]+\/payment_sessions$/, PaymentSessionSchema],
  ['GET', /^\/carts\/[^/]+\/payment_sessions\/[^/]+$/, PaymentSessionSchema],
  ['PATCH', /^\/carts\/[^/]+\/payment_sessions\/[^/]+(\/complete)?$/, PaymentSessionSchema],
  ['POST', /^\/carts\/[^/]+\/store_credits$/, CartSchema],
  ['DELETE', /^\/carts\/[^/]+\/store_credits$/, CartSchema],
  ['POST', /^\/carts\/[^/]+\/discount_codes$/, CartSchema],
  ['DELETE', /^\/carts\/[^/]+\/discount_codes\/[^/]+$/, CartSchema],
  ['POST', /^\/carts\/[^/]+\/gift_cards$/, CartSchema],
  ['DELETE', /^\/carts\/[^/]+\/gift_cards\/[^/]+$/, CartSchema],
  ['POST', /^\/carts\/[^/]+\/complete$/, OrderSchema],
  ['GET', /^\/orders\/[^/]+$/, OrderSchema],
  ['GET', /^\/customers\/me\/orders$/, pageOf(OrderSchema)],
  ['GET', /^\/customers\/me\/orders\/[^/]+$/, OrderSchema],
  ['POST', /^\/customers$/, AuthTokensSchema],
  ['POST', /^\/auth\/(login|refresh)$/, AuthTokensSchema],
  ['POST', /^\/auth\/logout$/, z.undefined()],
  ['GET', /^\/customers\/me$/, CustomerSchema],
  ['PATCH', /^\/customers\/me$/, CustomerSchema],
  ['GET', /^\/customers\/me\/addresses$/, pageOf(AddressSchema)],
  ['POST', /^\/customers\/me\/addresses$/, AddressSchema],
  ['GET', /^\/customers\/me\/addresses\/[^/]+$/, AddressSchema],
  ['PATCH', /^\/customers\/me\/addresses\/[^/]+$/, AddressSchema],
  ['DELETE', /^\/customers\/me\/addresses\/[^/]+$/, z.undefined()],
  ['GET', /^\/customers\/me\/store_credits$/, pageOf(StoreCreditSchema)],
  ['GET', /^\/customers\/me\/store_credits\/[^/]+$/, StoreCreditSchema],
  ['GET', /^\/customers\/me\/gift_cards$/, pageOf(GiftCardSchema)],
  ['GET', /^\/customers\/me\/gift_cards\/[^/]+$/, GiftCardSchema],
  ['GET', /^\/customers\/me\/credit_cards$/, pageOf(CreditCardSchema)],
  ['GET', /^\/customers\/me\/credit_cards\/[^/]+$/, CreditCardSchema],
  ['DELETE', /^\/customers\/me\/credit_cards\/[^/]+$/, z.undefined()],
  ['POST', /^\/customers\/me\/payment_setup_sessions$/, PaymentSetupSessionSchema],
  ['GET', /^\/customers\/me\/payment_setup_sessions\/[^/]+$/, PaymentSetupSessionSchema],
  [
    'PATCH',
    /^\/customers\/me\/payment_setup_sessions\/[^/]+\/complete$/,
    PaymentSetupSessionSchema,
  ],
  ['POST', /^\/password_resets$/, z.object({ message: z.string() })],
  ['PATCH', /^\/password_resets\/[^/]+$/, AuthTokensSchema],
  ['GET', /^\/policies$/, listOf(PolicySchema)],
  ['GET', /^\/policies\/[^/]+$/, PolicySchema],
  ['GET', /^\/channel$/, ChannelSchema],
  ['GET', /^\/wishlists$/, pageOf(WishlistSchema)],
  ['POST', /^\/wishlists$/, WishlistSchema],
  ['GET', /^\/wishlists\/[^/]+$/, WishlistSchema],
  ['PATCH', /^\/wishlists\/[^/]+$/, WishlistSchema],
  ['DELETE', /^\/wishlists\/[^/]+$/, z.undefined()],
  ['POST', /^\/wishlists\/[^/]+\/items$/, WishlistItemSchema],
  ['PATCH', /^\/wishlists\/[^/]+\/items\/[^/]+$/, WishlistItemSchema],
  ['DELETE', /^\/wishlists\/[^/]+\/items\/[^/]+$/, z.undefined()],
  ['POST', /^\/newsletter_subscribers(\/verify)?$/, NewsletterSubscriberSchema],
  ['POST', /^\/newsletter_subscribers\/request_unsubscribe$/, z.object({ message: z.string() })],
  ['DELETE', /^\/newsletter_subscribers\/[^/]+$/, z.undefined()],
];

/** The zod schema a response should satisfy (error bodies: `ErrorResponseSchema`), if known. */
export function responseSchemaFor(exchange: SdkExchange): z.ZodType | undefined {
  if (exchange.status >= 400) return ErrorResponseSchema;
  return RESPONSE_SCHEMAS.find(
    ([method, path]) => method === exchange.method && path.test(exchange.path),
  )?.[2];
}

/** A problem one response has against its schema. */
export interface SchemaProblem {
  method: string;
  path: string;
  issues: z.core.$ZodIssue[];
}

/**
 * A response hook that parses every response with its schema and collects the problems (a
 * response no schema is known for is a problem too).
 */
export function schemaRecorder(): {
  onResponse: (exchange: SdkExchange) => void;
  problems: SchemaProblem[];
  seen: SdkExchange[];
} {
  const problems: SchemaProblem[] = [];
  const seen: SdkExchange[] = [];
  return {
    problems,
    seen,
    onResponse(exchange) {
      seen.push(exchange);
      const schema = responseSchemaFor(exchange);
      if (!schema) {
        problems.push({
          method: exchange.method,
          path: exchange.path,
          issues: [{ code: 'custom', path: [], message: 'no schema known', input: undefined }],
        });
        return;
      }
      const result = schema.safeParse(exchange.body);
      if (!result.success)
        problems.push({
          method: exchange.method,
          path: exchange.path,
          issues: result.error.issues,
        });
    },
  };
}
