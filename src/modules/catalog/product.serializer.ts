import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { EntityManager } from 'typeorm';
import type { MoneyView } from '../../common/money/money-view.js';
import type { CategoryView } from './categories/category.serializer.js';
import { descriptionHtml } from './description-html.js';
import type { ProductExpand } from './dto/list-products.query.js';
import {
  OptionSerializer,
  type OptionTypeView,
  type OptionValueView,
} from './option.serializer.js';
import { missingPriceView, type PriceView, type ShownPriceView } from './price-view.js';
import { ProductReadRepository, type ProductRow } from './product-read.repository.js';
import type { Product } from './product.entity.js';
import { type MediaView, ProductMediaExtension, thumbnailUrlOf } from './product-media.js';
import { VariantSerializer, type VariantView } from './variant.serializer.js';

export interface ProductView {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  description_html: string | null;
  available_on: string | null;
  available: boolean;
  purchasable: boolean;
  in_stock: boolean;
  backorderable: boolean;
  preorder: false;
  preorder_ships_at: null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  tags: string[];
  thumbnail_url: string | null;
  price: ShownPriceView;
  original_price: PriceView | null;
  compare_at_price: MoneyView | null;
  default_variant_id: string | null;
  variant_count: number;
  created_at: string;
  updated_at: string;
  variants?: VariantView[];
  default_variant?: VariantView;
  option_types?: OptionTypeView[];
  option_values?: OptionValueView[];
  categories?: CategoryView[];
  media?: MediaView[];
  /** The first media, when `primary_media` is expanded and the product has any. */
  primary_media?: MediaView;
}

export interface ProductPresentation {
  expand: ReadonlySet<ProductExpand>;
  /** The product's categories, when `categories` is expanded. */
  categories?: CategoryView[];
  /**
   * The product's media in position order (ProductMediaExtension), read when the view shows
   * them (`media`, `primary_media`, variants' counts); without them `thumbnail_url` is its kept
   * `thumbnail_key`'s.
   */
  media?: readonly MediaView[];
}

/** Expansions that show media beyond the product's thumbnail (variants show their counts). */
const MEDIA_EXPANSIONS: readonly ProductExpand[] = [
  'media',
  'primary_media',
  'variants',
  'default_variant',
];

/** The v3 representation of products and variants, for API responses and event payloads alike. */
@Injectable()
export class ProductSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly variants: VariantSerializer,
    private readonly options: OptionSerializer,
    private readonly products: ProductReadRepository,
    private readonly media: ProductMediaExtension,
  ) {}

  serialize(product: ProductRow, currency: string, presentation: ProductPresentation): ProductView {
    const productId = this.ids.encode(ID_PREFIX.product, product.id);
    const media = presentation.media ?? [];
    const variants = product.variants.map((variant) =>
      this.variants.serialize(variant, productId, currency, media),
    );
    const defaultVariant = variants[0];
    const availableOn = product.available_on ? new Date(product.available_on) : null;
    const view: ProductView = {
      id: productId,
      name: product.name,
      slug: product.slug,
      description: product.description,
      description_html: product.description === null ? null : descriptionHtml(product.description),
      available_on: availableOn?.toISOString() ?? null,
      available:
        product.status === 'active' &&
        (availableOn === null || availableOn.getTime() <= Date.now()),
      purchasable: variants.some((variant) => variant.purchasable),
      in_stock: variants.some((variant) => variant.in_stock),
      backorderable: variants.some((variant) => variant.backorderable),
      preorder: false,
      preorder_ships_at: null,
      meta_title: product.meta_title,
      meta_description: product.meta_description,
      meta_keywords: product.meta_keywords,
      tags: product.tags,
      thumbnail_url: presentation.media
        ? thumbnailUrlOf(media)
        : this.media.thumbnailUrl(product.thumbnail_key),
      price: defaultVariant?.price ?? missingPriceView(currency),
      original_price: defaultVariant?.original_price ?? null,
      compare_at_price: defaultVariant?.compare_at_price ?? null,
      default_variant_id: defaultVariant?.id ?? null,
      variant_count: variants.length,
      created_at: new Date(product.created_at).toISOString(),
      updated_at: new Date(product.updated_at).toISOString(),
    };
    const { expand } = presentation;
    if (expand.has('variants')) view.variants = variants;
    if (expand.has('default_variant') && defaultVariant) view.default_variant = defaultVariant;
    if (expand.has('option_types')) view.option_types = this.options.typesOf(product.variants);
    if (expand.has('option_values')) view.option_values = this.options.valuesOf(product.variants);
    if (expand.has('categories')) view.categories = presentation.categories ?? [];
    if (expand.has('media')) view.media = [...media];
    if (expand.has('primary_media') && media.length > 0) view.primary_media = media[0];
    return view;
  }

  /** Whether a view of these expansions shows more of the media than the thumbnail. */
  static showsMedia(expand: ReadonlySet<ProductExpand>): boolean {
    return MEDIA_EXPANSIONS.some((name) => expand.has(name));
  }

  async eventPayload(product: Product, manager: EntityManager): Promise<ProductView> {
    const [payload] = await this.eventPayloads([product], manager);
    return payload;
  }

  /** The payloads of products with their media, read with two statements per store among them. */
  async eventPayloads(products: Product[], manager: EntityManager): Promise<ProductView[]> {
    const found = await this.products.findEachInTransaction(
      manager,
      products.map(({ storeId, id }) => ({ storeId, productId: id })),
    );
    const media = await this.mediaInTransaction(manager, products);
    return products.map((product, index) => {
      const { row, currency } = found[index];
      if (!row) throw new Error(`Product ${product.id} is not in the catalog`);
      return this.serialize(row, currency, {
        expand: new Set(['variants', 'media']),
        media: media.get(String(product.id)) ?? [],
      });
    });
  }

  /**
   * The media of products of any stores, read in the caller's transaction, one store after the
   * other (a transaction's connection takes one statement at a time).
   */
  async mediaInTransaction(
    manager: EntityManager,
    products: ReadonlyArray<{ storeId: string; id: string }>,
  ): Promise<Map<string, readonly MediaView[]>> {
    const byStore = new Map<string, string[]>();
    for (const { storeId, id } of products) {
      byStore.set(String(storeId), [...(byStore.get(String(storeId)) ?? []), String(id)]);
    }
    const media = new Map<string, readonly MediaView[]>();
    for (const [storeId, ids] of byStore) {
      for (const [id, views] of await this.media.forProducts(storeId, ids, manager)) {
        media.set(id, views);
      }
    }
    return media;
  }
}
