import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/** How a movement changed a count: set to a value, adjusted by a delta, or given at creation. */
export const STOCK_MOVEMENT_ACTIONS = ['set', 'adjust', 'create'] as const;
export type StockMovementAction = (typeof STOCK_MOVEMENT_ACTIONS)[number];

/** One change staff made to a stock item's count: by how much, why, by whom, and what it left. */
@Entity('stock_movements')
@Index('stock_movements_stock_item_id_idx', ['stockItemId', 'id'])
export class StockItemMovement extends StoreScopedEntity {
  @Column({ name: 'stock_item_id', type: 'bigint' })
  stockItemId: string;

  @Column({ type: 'text' })
  action: StockMovementAction;

  /** The change of the count, signed. */
  @Column({ type: 'integer' })
  quantity: number;

  /** The count the change left. */
  @Column({ name: 'count_on_hand', type: 'integer' })
  countOnHand: number;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'staff_user_id', type: 'bigint', nullable: true })
  staffUserId: string | null;

  @Column({ name: 'api_key_id', type: 'bigint', nullable: true })
  apiKeyId: string | null;
}
