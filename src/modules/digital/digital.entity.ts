import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Variant } from '../catalog/index.js';

/**
 * A file sold with a variant: buying the variant issues a download link per file. The bytes live
 * in the blob store under `blobKey` (`<store id>/digitals/<random>`), never in the database.
 */
@Entity('digitals')
@Index('digitals_variant_id_idx', ['variantId'])
export class Digital extends StoreScopedEntity {
  @Column({ name: 'variant_id', type: 'bigint' })
  variantId: string;

  @ManyToOne('Variant', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;

  @Column({ type: 'text' })
  filename: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ name: 'byte_size', type: 'integer' })
  byteSize: number;

  /** SHA-256 of the bytes, hex. */
  @Column({ type: 'char', length: 64 })
  checksum: string;

  @Column({ name: 'blob_key', type: 'text' })
  blobKey: string;
}
