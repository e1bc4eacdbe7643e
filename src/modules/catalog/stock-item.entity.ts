import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { StockLocation } from './stock-location.entity.js';
import type { Variant } from './variant.entity.js';
import { PublishesLifecycleEvents } from '../../events/index.js';

/** How many units of a variant one stock location holds. */
@PublishesLifecycleEvents()
@Entity('stock_items')
@Index('stock_items_location_variant_key', ['stockLocationId', 'variantId'], { unique: true })
@Index('stock_items_variant_id_idx', ['variantId'])
@Check('stock_items_count_on_hand_check', 'backorderable OR count_on_hand >= 0')
export class StockItem extends StoreScopedEntity {
  @Column({ name: 'stock_location_id', type: 'bigint' })
  stockLocationId: string;

  @ManyToOne('StockLocation', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'stock_location_id' })
  stockLocation?: StockLocation;

  @Column({ name: 'variant_id', type: 'bigint' })
  variantId: string;

  @ManyToOne('Variant', 'stockItems', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;

  @Column({ name: 'count_on_hand', type: 'integer', default: 0 })
  countOnHand: number;

  @Column({ type: 'boolean', default: false })
  backorderable: boolean;
}
