import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { priceView, type PriceView } from '../../price-view.js';
import { ProductReadRepository } from '../../product-read.repository.js';
import { ProductSerializer, type ProductView } from '../../product.serializer.js';
import type { ProductStatus } from '../../product.entity.js';
import type { VariantView } from '../../variant.serializer.js';

/** A price as staff see it: the client's Price plus its variant and times. */
export interface AdminPriceView extends PriceView {
  variant_id: string;
  created_at: string;
  updated_at: string;
}

/** A variant as staff see it: the client's Variant plus its prices in every currency. */
export interface AdminVariantView extends VariantView {
  prices: AdminPriceView[];
  created_at: string;
  updated_at: string;
}

/** A product as staff see it: the client's Product plus what only staff manage. */
export interface AdminProductView extends Omit<ProductView, 'variants'> {
  status: ProductStatus;
  sku: string | null;
  tax_category: string;
  discontinue_on: string | null;
  deleted_at: string | null;
  metadata: Record<string, unknown>;
  category_ids: string[];
  variants: AdminVariantView[];
}

interface ProductAdminRow {
  id: string;
  status: ProductStatus;
  tax_category: string;
  discontinue_on: Date | null;
  deleted_at: Date | null;
  metadata: Record<string, unknown>;
  category_ids: string[];
}

interface PriceRow {
  id: string;
  variant_id: string;
  currency: string;
  amount: string;
  compare_at_amount: string | null;
  created_at: Date;
  updated_at: Date;
}

interface VariantTimesRow {
  id: string;
  created_at: Date;
  updated_at: Date;
}

const iso = (time: Date | null) => (time === null ? null : new Date(time).toISOString());

/**
 * The Admin API's products, variants and prices: the Store API's representation (same
 * serializers) with the fields only staff see, read in the caller's transaction so that the
 * views of a change (and its events) show it before it commits.
 */
@Injectable()
export class AdminProductSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly reads: ProductReadRepository,
    private readonly products: ProductSerializer,
  ) {}

  /** The products by key, in the order given (missing ones left out). */
  async views(
    manager: EntityManager,
    storeId: string,
    productIds: readonly string[],
  ): Promise<AdminProductView[]> {
    if (productIds.length === 0) return [];
    const { rows, currency } = await this.reads.findManyInTransaction(manager, storeId, productIds);
    const variantIds = rows.flatMap((row) => row.variants.map((variant) => variant.id));
    // One after the other: a transaction's connection takes one statement at a time.
    const admin = await this.adminRows(manager, productIds);
    const prices = await this.priceRows(manager, variantIds);
    const times = await this.variantTimes(manager, variantIds);
    const media = await this.products.mediaInTransaction(
      manager,
      productIds.map((id) => ({ storeId, id })),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return productIds.flatMap((id) => {
      const row = byId.get(id);
      const extra = admin.get(id);
      if (!row || !extra) return [];
      const { variants = [], ...base } = this.products.serialize(row, currency, {
        expand: new Set(['variants', 'media']),
        media: media.get(id) ?? [],
      });
      const discontinueOn = iso(extra.discontinue_on);
      return [
        {
          ...base,
          available:
            base.available &&
            extra.deleted_at === null &&
            (extra.discontinue_on === null || new Date(extra.discontinue_on) > new Date()),
          status: extra.status,
          sku: row.variants[0]?.sku ?? null,
          tax_category: extra.tax_category,
          discontinue_on: discontinueOn,
          deleted_at: iso(extra.deleted_at),
          metadata: extra.metadata,
          category_ids: extra.category_ids.map((key) => this.ids.encode(ID_PREFIX.category, key)),
          variants: variants.map((variant, index) => {
            const key = row.variants[index].id;
            const time = times.get(key)!;
            return {
              ...variant,
              prices: (prices.get(key) ?? []).map((price) => this.price(price)),
              created_at: iso(time.created_at)!,
              updated_at: iso(time.updated_at)!,
            };
          }),
        },
      ];
    });
  }

  /** One product by key; it must exist. */
  async view(
    manager: EntityManager,
    storeId: string,
    productId: string,
  ): Promise<AdminProductView> {
    const [view] = await this.views(manager, storeId, [productId]);
    if (!view) throw new Error(`Product ${productId} is not in the catalog`);
    return view;
  }

  /** One variant (not deleted) of a product, by keys. */
  async variantView(
    manager: EntityManager,
    storeId: string,
    productId: string,
    variantId: string,
  ): Promise<AdminVariantView> {
    const product = await this.view(manager, storeId, productId);
    const publicId = this.ids.encode(ID_PREFIX.variant, variantId);
    const variant = product.variants.find((candidate) => candidate.id === publicId);
    if (!variant) throw new Error(`Variant ${variantId} is not in the catalog`);
    return variant;
  }

  price(row: PriceRow): AdminPriceView {
    return {
      ...priceView(
        this.ids.encode(ID_PREFIX.price, row.id),
        row.amount,
        row.compare_at_amount,
        row.currency,
      ),
      variant_id: this.ids.encode(ID_PREFIX.variant, row.variant_id),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    };
  }

  /** One price row by key, as staff see it. */
  async priceById(manager: EntityManager, priceId: string): Promise<AdminPriceView> {
    const [row]: PriceRow[] = await manager.query(`${PRICE_ROWS} WHERE id = $1`, [priceId]);
    return this.price(row);
  }

  private async adminRows(
    manager: EntityManager,
    productIds: readonly string[],
  ): Promise<Map<string, ProductAdminRow>> {
    const rows: ProductAdminRow[] = await manager.query(
      `SELECT p.id::text AS id, p.status, p.tax_category, p.discontinue_on, p.deleted_at, p.metadata,
         ARRAY(SELECT pc.category_id::text FROM product_categories pc
               WHERE pc.product_id = p.id ORDER BY pc.category_id) AS category_ids
       FROM products p WHERE p.id = ANY($1::bigint[])`,
      [productIds],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  private async priceRows(
    manager: EntityManager,
    variantIds: readonly string[],
  ): Promise<Map<string, PriceRow[]>> {
    const rows: PriceRow[] = variantIds.length
      ? await manager.query(
          `${PRICE_ROWS} WHERE variant_id = ANY($1::bigint[]) ORDER BY currency, id`,
          [variantIds],
        )
      : [];
    const byVariant = new Map<string, PriceRow[]>();
    for (const row of rows)
      byVariant.set(row.variant_id, [...(byVariant.get(row.variant_id) ?? []), row]);
    return byVariant;
  }

  private async variantTimes(
    manager: EntityManager,
    variantIds: readonly string[],
  ): Promise<Map<string, VariantTimesRow>> {
    const rows: VariantTimesRow[] = variantIds.length
      ? await manager.query(
          `SELECT id::text AS id, created_at, updated_at FROM variants WHERE id = ANY($1::bigint[])`,
          [variantIds],
        )
      : [];
    return new Map(rows.map((row) => [row.id, row]));
  }
}

const PRICE_ROWS = `SELECT id::text AS id, variant_id::text AS variant_id, currency,
  amount::text AS amount, compare_at_amount::text AS compare_at_amount, created_at, updated_at
  FROM prices`;
