import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A product's image or video as the client's `Media` schema has it. */
export interface MediaView {
  id: string;
  product_id: string | null;
  variant_ids: string[];
  position: number;
  alt: string | null;
  media_type: 'image' | 'video';
  focal_point_x: number | null;
  focal_point_y: number | null;
  external_video_url: string | null;
  video_provider: 'youtube' | 'vimeo' | null;
  video_embed_url: string | null;
  /** An uploaded video's file; videos are external links here, so always null. */
  video_url: string | null;
  poster_url: string | null;
  original_url: string | null;
  mini_url: string | null;
  small_url: string | null;
  medium_url: string | null;
  large_url: string | null;
  xlarge_url: string | null;
  og_image_url: string | null;
}

/**
 * Media of some products, by product id (internal), each list in position order; read in the
 * caller's transaction when `manager` is given (event payloads, admin views).
 */
export type ProductMediaLoader = (
  storeId: string,
  productIds: readonly string[],
  manager?: EntityManager,
) => Promise<ReadonlyMap<string, readonly MediaView[]>>;

const NO_MEDIA: ReadonlyMap<string, readonly MediaView[]> = new Map();

/**
 * Where the media module plugs product media into catalog views without the catalog knowing it:
 * it registers one loader at init, which answers a whole page of products in one statement.
 */
@Injectable()
export class ProductMediaExtension {
  private loader: ProductMediaLoader | undefined;
  private urlOfKey: ((key: string) => string) | undefined;

  provide(loader: ProductMediaLoader, urlOfKey: (key: string) => string): void {
    this.loader = loader;
    this.urlOfKey = urlOfKey;
  }

  /** The URL of a thumbnail key kept on a product or variant (`thumbnailKey`). */
  thumbnailUrl(key: string | null | undefined): string | null {
    return !key || !this.urlOfKey ? null : this.urlOfKey(key);
  }

  async forProducts(
    storeId: string,
    productIds: readonly string[],
    manager?: EntityManager,
  ): Promise<ReadonlyMap<string, readonly MediaView[]>> {
    if (!this.loader || productIds.length === 0) return NO_MEDIA;
    return this.loader(storeId, productIds, manager);
  }
}

/** The URL shown as a product's or variant's `thumbnail_url`: its first image, medium size. */
export function thumbnailUrlOf(media: readonly MediaView[] | undefined): string | null {
  const image = media?.find((candidate) => candidate.media_type === 'image');
  return image?.medium_url ?? null;
}
