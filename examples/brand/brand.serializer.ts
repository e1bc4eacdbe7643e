import { Injectable } from '@nestjs/common';
import type { IdPrefix } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { Brand } from './brand.entity.js';

/**
 * The public id prefix of brands: `brand_k3G7QAe51F`. The core's prefixes live in `ID_PREFIX`
 * (src/common/ids/id-prefixes.ts); an extension picks one that is not among them.
 */
export const BRAND_ID_PREFIX = 'brand' as IdPrefix;

/** What a brand is rendered from: an entity, or a row read with BRAND_COLUMNS. */
export type BrandRecord = Pick<
  Brand,
  'id' | 'name' | 'handle' | 'description' | 'featuredAt' | 'createdAt' | 'updatedAt'
>;

export interface BrandView {
  id: string;
  name: string;
  handle: string;
  description: string | null;
  featured: boolean;
  featured_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The v3 representation of a brand, for API responses and event payloads alike: being a provider
 * named `BrandSerializer`, it is the one ModelEvents uses for the `brand` model.
 */
@Injectable()
export class BrandSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(brand: Pick<Brand, 'id'>): string {
    return this.ids.encode(BRAND_ID_PREFIX, brand.id);
  }

  /** The database key behind a public id, or undefined when it is not a brand id. */
  keyOf(publicId: string): string | undefined {
    return this.ids.decode(BRAND_ID_PREFIX, publicId);
  }

  serialize(brand: BrandRecord): BrandView {
    return {
      id: this.publicId(brand),
      name: brand.name,
      handle: brand.handle,
      description: brand.description,
      featured: brand.featuredAt !== null,
      featured_at: brand.featuredAt ? new Date(brand.featuredAt).toISOString() : null,
      created_at: new Date(brand.createdAt).toISOString(),
      updated_at: new Date(brand.updatedAt).toISOString(),
    };
  }
}
