import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { MediaView } from '../catalog/index.js';
import type { MediaRow } from './media-rows.js';
import { MediaUrls } from './media-urls.js';
import type { MediaStatus } from './media.entity.js';
import { RENDITION_NAMES, type RenditionName } from './renditions/rendition-sizes.js';
import { videoEmbedOf } from './video-embeds.js';

/** What staff see of a media beyond a storefront's view: its state and its original's facts. */
export interface AdminMediaView extends MediaView {
  status: MediaStatus;
  failure: string | null;
  source_url: string | null;
  content_type: string | null;
  byte_size: number | null;
  width: number | null;
  height: number | null;
  renditions: Partial<Record<RenditionName, { url: string; width: number; height: number }>>;
  /** What the media belongs to, as Spree names it: its product. */
  viewable_type: 'Spree::Product';
  viewable_id: string;
  /** The original, for staff to download. */
  download_url: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

type RenditionUrls = Pick<
  MediaView,
  'mini_url' | 'small_url' | 'medium_url' | 'large_url' | 'xlarge_url' | 'og_image_url'
>;

/**
 * Media as the client's `Media` schema has them. Until its renditions are made, an image's
 * rendition URLs are its original's.
 */
@Injectable()
export class MediaSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly urls: MediaUrls,
  ) {}

  view(row: MediaRow): MediaView {
    const original = row.original_key === null ? null : this.urls.of(row.original_key);
    return {
      id: this.ids.encode(ID_PREFIX.media, row.id),
      product_id: this.ids.encode(ID_PREFIX.product, row.product_id),
      variant_ids: row.variant_ids.map((id) => this.ids.encode(ID_PREFIX.variant, id)),
      position: row.position,
      alt: row.alt,
      media_type: row.kind,
      focal_point_x: row.focal_point_x,
      focal_point_y: row.focal_point_y,
      external_video_url: row.external_video_url,
      ...videoEmbedOf(row.external_video_url),
      video_url: null,
      poster_url: null,
      original_url: original,
      ...this.renditionUrls(row, original),
    };
  }

  adminView(row: MediaRow): AdminMediaView {
    const renditions: AdminMediaView['renditions'] = {};
    for (const name of RENDITION_NAMES) {
      const rendition = row.renditions[name];
      if (rendition) renditions[name] = { ...rendition, url: this.urls.of(rendition.key) };
    }
    const view = this.view(row);
    return {
      ...view,
      status: row.status,
      failure: row.failure,
      source_url: row.source_url,
      content_type: row.content_type,
      byte_size: row.byte_size,
      width: row.width,
      height: row.height,
      renditions,
      viewable_type: 'Spree::Product',
      viewable_id: view.product_id!,
      download_url: view.original_url,
      metadata: {},
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  private renditionUrls(row: MediaRow, original: string | null): RenditionUrls {
    const url = (name: RenditionName) => {
      const key = row.renditions[name]?.key;
      return key ? this.urls.of(key) : original;
    };
    return {
      mini_url: url('mini'),
      small_url: url('small'),
      medium_url: url('medium'),
      large_url: url('large'),
      xlarge_url: url('xlarge'),
      og_image_url: url('og_image'),
    };
  }
}
