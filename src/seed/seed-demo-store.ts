import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ID_PREFIX } from '../common/ids/id-prefixes.js';
import { publicIdCodecFor } from '../common/ids/public-id.js';
import { Money } from '../common/money/money.js';
import type { AppConfig } from '../config/index.js';
import type { ModelEvents } from '../events/index.js';
import { ApiKey, type ApiKeyType } from '../modules/auth/index.js';
import { ApiKeyTokens } from '../modules/auth/index.js';
import { PasswordHasher } from '../modules/auth/index.js';
import { Role } from '../modules/auth/index.js';
import { StaffUser } from '../modules/auth/index.js';
import { Category } from '../modules/catalog/index.js';
import { OptionType } from '../modules/catalog/index.js';
import { OptionValue } from '../modules/catalog/index.js';
import { Price } from '../modules/catalog/index.js';
import { ProductCategory } from '../modules/catalog/index.js';
import { Product } from '../modules/catalog/index.js';
import { StockItem, StockItemMovement } from '../modules/catalog/index.js';
import { StockLocation } from '../modules/catalog/index.js';
import { Variant } from '../modules/catalog/index.js';
import { VariantOptionValue } from '../modules/catalog/index.js';
import { Zone } from '../modules/geography/index.js';
import { claimStoreHosts, flagDefaultStoreIfNone, Store } from '../modules/stores/index.js';
import {
  DEMO_CATEGORIES,
  DEMO_OPTION_TYPES,
  DEMO_PRODUCTS,
  type DemoProduct,
  EU_COUNTRIES,
} from './demo-catalog.js';
import { seedCheckoutSettings } from './demo-checkout-settings.js';
import { seedDemoImages } from './demo-images.js';
import { seedDemoDigitals } from './demo-digitals.js';
import { seedDemoPromotions } from './demo-promotions.js';
import { createStoreDefaults } from './store-defaults.js';

export interface DemoCredentials {
  store_id: string;
  publishable_key: string;
  secret_key: string;
  admin: { email: string; password: string };
}

const USD_TO_EUR = '0.92';
const UNITS_PER_VARIANT = 50;

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

async function issueKey(
  manager: EntityManager,
  tokens: ApiKeyTokens,
  storeId: string,
  type: ApiKeyType,
) {
  const issued = tokens.issue(type);
  await manager.insert(ApiKey, {
    storeId,
    name: type === 'publishable' ? 'Storefront' : 'Demo back office',
    keyType: type,
    tokenDigest: issued.digest,
    tokenPrefix: issued.displayPrefix,
    scopes: type === 'secret' ? ['write_all'] : [],
  });
  return issued.token;
}

/** The demo's option types and values; the values by option type name and value label. */
async function seedOptionTypes(
  manager: EntityManager,
  storeId: string,
): Promise<Map<string, Map<string, OptionValue>>> {
  const byType = new Map<string, Map<string, OptionValue>>();
  for (const [position, demo] of DEMO_OPTION_TYPES.entries()) {
    const type = await manager.save(
      manager.create(OptionType, {
        storeId,
        name: demo.name,
        label: demo.label,
        kind: demo.kind,
        position: position + 1,
      }),
    );
    const values = await manager.save(
      demo.values.map((value, index) =>
        manager.create(OptionValue, {
          storeId,
          optionTypeId: type.id,
          name: value.label.toLowerCase(),
          label: value.label,
          position: index + 1,
          colorCode: value.color ?? null,
        }),
      ),
    );
    byType.set(demo.name, new Map(values.map((value) => [value.label, value])));
  }
  return byType;
}

/** The demo's category tree (parents before children); the categories by permalink. */
async function seedCategories(
  manager: EntityManager,
  storeId: string,
): Promise<Map<string, Category>> {
  const byPermalink = new Map<string, Category>();
  for (const [index, demo] of DEMO_CATEGORIES.entries()) {
    const parentPermalink = demo.permalink.split('/').slice(0, -1).join('/');
    const parent = parentPermalink ? byPermalink.get(parentPermalink)! : undefined;
    const category = await manager.save(
      manager.create(Category, {
        storeId,
        parentId: parent?.id ?? null,
        name: demo.name,
        permalink: demo.permalink,
        depth: parent ? parent.depth + 1 : 0,
        position: index,
      }),
    );
    byPermalink.set(demo.permalink, category);
  }
  return byPermalink;
}

/** One variant of the demo catalog to write: its product and its option value, if any. */
interface VariantPlan {
  demo: DemoProduct;
  product: Product;
  choice: string;
  position: number;
}

/**
 * Writes each kind of row in one statement for all products, and publishes `product.created`,
 * `variant.created` and `stock_item.created` in one statement each, each batch right after its
 * rows, before what comes next: a product's event shows it without variants, a variant's without
 * prices, as they were when created.
 */
async function seedCatalog(
  manager: EntityManager,
  store: Store,
  events: ModelEvents | undefined,
): Promise<void> {
  const scope = { manager, storeId: store.id };
  const created = (model: string, records: readonly object[]) =>
    events?.publishChanges(
      scope,
      records.map((record) => ({ model, action: 'created', record })),
    );
  const location = await manager.save(
    manager.create(StockLocation, {
      storeId: store.id,
      name: 'Main warehouse',
      isDefault: true,
      countryIso: 'US',
    }),
  );
  const optionValues = await seedOptionTypes(manager, store.id);
  const categories = await seedCategories(manager, store.id);
  const products = await manager.save(
    DEMO_PRODUCTS.map((demo, index) =>
      manager.create(Product, {
        storeId: store.id,
        name: demo.name,
        slug: slugify(demo.name),
        description: demo.description,
        status: 'active',
        tags: demo.tags ?? [],
        // Spread creation times so that sorting by created_at is meaningful.
        createdAt: new Date(Date.now() - (DEMO_PRODUCTS.length - index) * 60_000),
      }),
    ),
  );
  await manager.insert(
    ProductCategory,
    DEMO_PRODUCTS.flatMap((demo, index) =>
      demo.categories.map((permalink) => ({
        productId: products[index].id,
        categoryId: categories.get(permalink)!.id,
        position: index,
      })),
    ),
  );
  await created('product', products);

  const plans: VariantPlan[] = DEMO_PRODUCTS.flatMap((demo, index) =>
    (demo.options?.values.map((value) => value.label) ?? ['']).map((choice, position) => ({
      demo,
      product: products[index],
      choice,
      position,
    })),
  );
  const variants = await manager.save(
    plans.map(({ demo, product, choice, position }) => {
      const skuBase = `${slugify(demo.name).slice(0, 12).toUpperCase()}-${store.code.slice(-6).toUpperCase()}`;
      return manager.create(Variant, {
        storeId: store.id,
        productId: product.id,
        sku: choice ? `${skuBase}-${choice.toUpperCase()}` : skuBase,
        optionsText: choice ? `${demo.options!.label}: ${choice}` : '',
        weight: String(demo.weightGrams),
        position,
        trackInventory: demo.weightGrams > 0,
      });
    }),
  );
  await manager.insert(
    VariantOptionValue,
    plans.flatMap(({ demo, choice }, index) =>
      demo.options
        ? [
            {
              variantId: variants[index].id,
              optionValueId: optionValues.get(demo.options.name)!.get(choice)!.id,
            },
          ]
        : [],
    ),
  );
  await created('variant', variants);
  await manager.insert(
    Price,
    plans.flatMap(({ demo }, index) => [
      { storeId: store.id, variantId: variants[index].id, currency: 'USD', amount: demo.price },
      {
        storeId: store.id,
        variantId: variants[index].id,
        currency: 'EUR',
        amount: Money.of(demo.price, 'EUR').times(USD_TO_EUR).round().toString(),
      },
    ]),
  );
  const stockItems = await manager.save(
    variants.map((variant) =>
      manager.create(StockItem, {
        storeId: store.id,
        stockLocationId: location.id,
        variantId: variant.id,
        countOnHand: UNITS_PER_VARIANT,
        backorderable: false,
      }),
    ),
  );
  await created('stock_item', stockItems);
  // Each item's history starts with its opening count, so its movements add up to it.
  await manager.insert(
    StockItemMovement,
    stockItems.map((item) => ({
      storeId: store.id,
      stockItemId: item.id,
      action: 'create' as const,
      quantity: item.countOnHand,
      countOnHand: item.countOnHand,
      reason: 'Demo store',
    })),
  );
}

/**
 * Creates a complete, separate demo store (catalog, stock, a digital download, US and EU zones
 * with shipping, tax and payment methods, promotions, keys and an admin)
 * in one transaction and returns the credentials, which exist nowhere else in the clear.
 * With the application's `events`, the catalog's lifecycle events are published in that
 * transaction; without them (the CLI, which runs no application) nothing is published.
 * With `claimDefault` (the operator's seeds: the CLI, an embedded first boot) the store becomes
 * the default store, serving hosts no store claims, when no store is the default yet.
 * `promotions: false` leaves out the demo's promotions (see demo-promotions.ts), whose automatic
 * free shipping would change the totals of carts over 50.00. `images: false` leaves out the
 * products' pictures (see demo-images.ts), which take a moment to draw and store.
 */
export async function seedDemoStore(
  dataSource: DataSource,
  config: AppConfig,
  events?: ModelEvents,
  options: { claimDefault?: boolean; promotions?: boolean; images?: boolean } = {},
): Promise<DemoCredentials> {
  const tokens = new ApiKeyTokens(config.ENCRYPTION_KEY!);
  const ids = publicIdCodecFor(config.ID_ALPHABET);
  const code = `demo-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const passwordDigest = await new PasswordHasher(config).hash(password);

  return dataSource.transaction(async (manager) => {
    const store = await manager.save(
      manager.create(Store, {
        name: 'Demo Store',
        code,
        url: `https://${code}.example.com`,
        defaultCurrency: 'USD',
        supportedCurrencies: ['USD', 'EUR'],
        mailFromAddress: `shop@${code}.example.com`,
        staffNotificationAddress: `staff@${code}.example.com`,
      }),
    );
    await claimStoreHosts(manager, store.id, { url: store.url, domains: store.domains });
    await createStoreDefaults(manager, store.id);
    if (options.claimDefault) await flagDefaultStoreIfNone(manager, store.id);
    const [us, eu] = await manager.save([
      manager.create(Zone, {
        storeId: store.id,
        name: 'US',
        description: 'United States',
        countryIsos: ['US'],
      }),
      manager.create(Zone, {
        storeId: store.id,
        name: 'EU',
        description: 'European Union',
        countryIsos: EU_COUNTRIES,
      }),
    ]);
    await seedCheckoutSettings(manager, store.id, { us, eu });
    await seedCatalog(manager, store, events);
    await seedDemoDigitals(manager, store, config);
    if (options.images ?? true) await seedDemoImages(manager, store, config);
    if (options.promotions ?? true) await seedDemoPromotions(manager, store, events);
    const role = await manager.save(
      manager.create(Role, { storeId: store.id, name: 'admin', scopes: ['write_all'] }),
    );
    const email = `admin@${code}.example.com`;
    await manager.insert(StaffUser, { storeId: store.id, email, passwordDigest, roleId: role.id });
    return {
      store_id: ids.encode(ID_PREFIX.store, store.id),
      publishable_key: await issueKey(manager, tokens, store.id, 'publishable'),
      secret_key: await issueKey(manager, tokens, store.id, 'secret'),
      admin: { email, password },
    };
  });
}
