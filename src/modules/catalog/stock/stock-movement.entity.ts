import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { StockOriginatorType } from './stock-taking.js';

/**
 * How a movement changed a count: staff set it to a value, adjusted it by a delta or gave it at
 * creation; an order or fulfillment took units (`sale`), gave them back (`cancel`), or returned
 * units came back (`return`).
 */
export const STOCK_MOVEMENT_ACTIONS = [
  'set',
  'adjust',
  'create',
  'sale',
  'cancel',
  'return',
] as const;
export type StockMovementAction = (typeof STOCK_MOVEMENT_ACTIONS)[number];

/**
 * One change of a stock item's count: by how much, why, by whom or by what (an order or a
 * fulfillment), and the count it left. A stock item's movements add up to its count.
 */
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

  /** What the units left with or came back from (`order`, `shipment`), for sales and returns. */
  @Column({ name: 'originator_type', type: 'text', nullable: true })
  originatorType: StockOriginatorType | null;

  @Column({ name: 'originator_id', type: 'bigint', nullable: true })
  originatorId: string | null;
}
