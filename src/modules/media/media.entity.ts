import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { Product } from '../catalog/index.js';
import { StoreScopedEntity } from '../stores/index.js';
import type { RenditionSet } from './renditions/rendition-sizes.js';

export type MediaKind = 'image' | 'video';
export type MediaStatus = 'processing' | 'ready' | 'failed';

/**
 * An image or external video of a product. An image's original (metadata stripped, orientation
 * applied) and its WebP renditions live in the blob store under keys made from their bytes; the
 * renditions are made by a job, and until then the media is `processing`.
 */
@Entity('media')
@Index('media_product_id_position_idx', ['productId', 'position'])
export class Media extends StoreScopedEntity {
  @Column({ name: 'product_id', type: 'bigint' })
  productId: string;

  @ManyToOne('Product', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'text', nullable: true })
  alt: string | null;

  @Column({ type: 'text' })
  kind: MediaKind;

  @Column({ name: 'external_video_url', type: 'text', nullable: true })
  externalVideoUrl: string | null;

  /** The URL an image was fetched from, when it was uploaded by URL. */
  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl: string | null;

  @Column({ name: 'original_key', type: 'text', nullable: true })
  originalKey: string | null;

  @Column({ name: 'content_type', type: 'text', nullable: true })
  contentType: string | null;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column({ name: 'byte_size', type: 'integer', nullable: true })
  byteSize: number | null;

  @Column({ name: 'focal_point_x', type: 'double precision', nullable: true })
  focalPointX: number | null;

  @Column({ name: 'focal_point_y', type: 'double precision', nullable: true })
  focalPointY: number | null;

  @Column({ type: 'text' })
  status: MediaStatus;

  /** Why a URL upload or the renditions failed (`status` failed). */
  @Column({ type: 'text', nullable: true })
  failure: string | null;

  @Column({ type: 'jsonb', default: {} })
  renditions: RenditionSet;
}
