import { Entity, Index, PrimaryColumn } from 'typeorm';

/** A variant a media is shown with (a media with none is shown with every variant). */
@Entity('media_variants')
@Index('media_variants_variant_id_idx', ['variantId'])
export class MediaVariant {
  @PrimaryColumn({ name: 'media_id', type: 'bigint' })
  mediaId: string;

  @PrimaryColumn({ name: 'variant_id', type: 'bigint' })
  variantId: string;
}
