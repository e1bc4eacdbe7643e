import type { DataSource, EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { publicIdCodecFor } from '../../../common/ids/public-id.js';
import type { AppConfig } from '../../../config/index.js';
import { CACHE_TOPIC, type CacheInvalidation } from '../../../platform/cache/index.js';
import { claimStoreHosts } from '../hosts/store-host-claims.js';
import { Store } from '../store.entity.js';
import type { CreateStoreInput } from './create-store-input.js';
import { StoreOperatorInputError } from './default-store.command.js';

/** The first keys of a new store: one for the Store API, one (`write_all`) for the Admin API. */
export interface FirstStoreKeys {
  publishable_key: string;
  secret_key: string;
}

/**
 * Mints a new store's first keys inside the transaction that creates it. Keys belong to modules
 * after this one: the CLI passes `api-keys create` (createApiKeyCommand).
 */
export type IssueFirstStoreKeys = (
  manager: EntityManager,
  storePublicId: string,
) => Promise<FirstStoreKeys>;

export interface CreatedStoreOutput extends FirstStoreKeys {
  store_id: string;
  name: string;
  url: string;
  default_currency: string;
  default_country_iso: string;
}

const MAX_CODE_LENGTH = 50;

/** `Harbor Goods` → `harbor-goods`: the store's `code`, unique among stores. */
function codeBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_CODE_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'store';
}

/** The name's slug, or the slug followed by -2, -3… when a store has it already. */
async function freeCode(manager: EntityManager, name: string): Promise<string> {
  const base = codeBase(name);
  const taken = new Set(
    (
      (await manager.query(`SELECT code FROM stores WHERE code = $1 OR code LIKE $2`, [
        base,
        `${base}-%`,
      ])) as { code: string }[]
    ).map((row) => row.code),
  );
  let code = base;
  for (let n = 2; taken.has(code); n += 1) code = `${base}-${n}`;
  return code;
}

async function assertCountryKnown(manager: EntityManager, iso: string): Promise<void> {
  const known: unknown[] = await manager.query('SELECT 1 FROM countries WHERE iso = $1', [iso]);
  if (known.length === 0)
    throw new StoreOperatorInputError(`--country ${iso} is not a known country`);
}

/** Claims the host of the store's URL; a host another store holds is refused naming --url. */
async function claimUrlHost(manager: EntityManager, store: Store): Promise<void> {
  try {
    await claimStoreHosts(manager, store.id, { url: store.url, domains: store.domains });
  } catch (error) {
    const refusal = error instanceof StoreError ? error.details?.url : undefined;
    if (!Array.isArray(refusal)) throw error;
    throw new StoreOperatorInputError(`--url ${store.url}: ${String(refusal[0])}`);
  }
}

/**
 * `store-cli stores create`: a store with its name, URL (whose host it claims), currency and
 * country, and its first keys, in one transaction; then every process drops the hosts it resolved
 * (the URL's host may have gone to the default store until now). The store is not made the
 * default: `stores set-default` does that.
 */
export async function createStoreCommand(
  dataSource: DataSource,
  config: AppConfig,
  input: CreateStoreInput,
  issueKeys: IssueFirstStoreKeys,
  invalidation: CacheInvalidation,
): Promise<CreatedStoreOutput> {
  const ids = publicIdCodecFor(config.ID_ALPHABET);
  const { store, keys } = await dataSource.transaction(async (manager) => {
    await assertCountryKnown(manager, input.countryIso);
    const store = await manager.save(
      manager.create(Store, {
        name: input.name,
        code: await freeCode(manager, input.name),
        url: input.url,
        defaultCurrency: input.currency,
        supportedCurrencies: [input.currency],
        defaultCountryIso: input.countryIso,
      }),
    );
    await claimUrlHost(manager, store);
    return { store, keys: await issueKeys(manager, ids.encode(ID_PREFIX.store, store.id)) };
  });
  await invalidation.invalidate(CACHE_TOPIC.store, store.id);
  return {
    store_id: ids.encode(ID_PREFIX.store, store.id),
    name: store.name,
    url: input.url,
    default_currency: input.currency,
    default_country_iso: input.countryIso,
    ...keys,
  };
}
