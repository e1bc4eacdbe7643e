import { isURL } from 'class-validator';
import { isCurrencyCode } from '../../../common/money/currencies.js';
import { hostOfUrl } from '../hosts/host-names.js';
import { StoreOperatorInputError } from './default-store.command.js';

/** What `stores create` makes: a store with one currency, its country and the host of its URL. */
export interface CreateStoreInput {
  name: string;
  url: string;
  /** ISO 4217, upper-cased: the default and only supported currency. */
  currency: string;
  /** ISO 3166-1 alpha-2, upper-cased; checked against `countries` in the command. */
  countryIso: string;
}

/** The limits of `PATCH /store` (see UpdateStoreBody). */
const MAX_NAME_LENGTH = 255;
const MAX_URL_LENGTH = 2048;

function requireText(value: string | undefined, option: string): string {
  const text = value?.trim();
  if (!text) throw new StoreOperatorInputError(`${option} is required`);
  return text;
}

function parseUrl(value: string | undefined): string {
  const url = requireText(value, '--url');
  const valid =
    url.length <= MAX_URL_LENGTH &&
    isURL(url, { protocols: ['http', 'https'], require_protocol: true, require_tld: false }) &&
    hostOfUrl(url) !== undefined;
  if (!valid)
    throw new StoreOperatorInputError(
      `--url must be an http(s) URL such as https://shop.example.com: ${url}`,
    );
  return url;
}

/** `stores create --name <name> --url <url> --currency <ISO 4217> --country <ISO 3166-1>`. */
export function parseCreateStoreCommand(options: {
  name?: string;
  url?: string;
  currency?: string;
  country?: string;
}): CreateStoreInput {
  const name = requireText(options.name, '--name');
  if (name.length > MAX_NAME_LENGTH)
    throw new StoreOperatorInputError(`--name must be at most ${MAX_NAME_LENGTH} characters`);
  const url = parseUrl(options.url);
  const currency = requireText(options.currency, '--currency').toUpperCase();
  if (!isCurrencyCode(currency))
    throw new StoreOperatorInputError(
      `--currency is not an ISO 4217 currency code (such as USD): ${currency}`,
    );
  const countryIso = requireText(options.country, '--country').toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryIso))
    throw new StoreOperatorInputError(
      `--country must be an ISO 3166-1 alpha-2 code (such as US): ${countryIso}`,
    );
  return { name, url, currency, countryIso };
}
