import type { EntityManager } from 'typeorm';
import type { MediaKind, MediaStatus } from './media.entity.js';
import type { RenditionSet } from './renditions/rendition-sizes.js';

/** A media as read for views, with the ids of the variants it is attached to. */
export interface MediaRow {
  id: string;
  product_id: string;
  position: number;
  alt: string | null;
  kind: MediaKind;
  external_video_url: string | null;
  source_url: string | null;
  original_key: string | null;
  content_type: string | null;
  width: number | null;
  height: number | null;
  byte_size: number | null;
  focal_point_x: number | null;
  focal_point_y: number | null;
  status: MediaStatus;
  failure: string | null;
  renditions: RenditionSet;
  variant_ids: string[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `m.id::text AS id, m.product_id::text AS product_id, m.position, m.alt, m.kind,
  m.external_video_url, m.source_url, m.original_key, m.content_type, m.width, m.height,
  m.byte_size, m.focal_point_x, m.focal_point_y, m.status, m.failure, m.renditions,
  ARRAY(SELECT mv.variant_id::text FROM media_variants mv WHERE mv.media_id = m.id
        ORDER BY mv.variant_id) AS variant_ids,
  m.created_at, m.updated_at`;

export interface MediaSelection {
  /** Only media a storefront shows: videos, and images whose original is stored and not failed. */
  shownOnly?: boolean;
  /** Only media attached to this variant. */
  variantId?: string;
  /** Only this media. */
  mediaId?: string;
}

/** The statement reading media of some products of a store, in position order. */
export function mediaStatement(
  storeId: string,
  productIds: readonly string[],
  selection: MediaSelection = {},
): { text: string; values: unknown[] } {
  const values: unknown[] = [storeId, productIds];
  const conditions = ['m.store_id = $1', 'm.product_id = ANY($2::bigint[])'];
  if (selection.shownOnly) {
    conditions.push(`(m.kind = 'video' OR (m.original_key IS NOT NULL AND m.status <> 'failed'))`);
  }
  if (selection.variantId !== undefined) {
    values.push(selection.variantId);
    conditions.push(
      `EXISTS (SELECT 1 FROM media_variants v WHERE v.media_id = m.id AND v.variant_id = $${values.length})`,
    );
  }
  if (selection.mediaId !== undefined) {
    values.push(selection.mediaId);
    conditions.push(`m.id = $${values.length}`);
  }
  return {
    text: `SELECT ${COLUMNS} FROM media m WHERE ${conditions.join(' AND ')}
     ORDER BY m.product_id, m.position, m.id`,
    values,
  };
}

/** Media of some products of a store in position order, read with one statement. */
export function readMedia(
  manager: EntityManager,
  storeId: string,
  productIds: readonly string[],
  selection: MediaSelection = {},
): Promise<MediaRow[]> {
  const { text, values } = mediaStatement(storeId, productIds, selection);
  return manager.query(text, values);
}
