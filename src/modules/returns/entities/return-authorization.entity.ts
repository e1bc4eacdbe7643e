import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import { randomNumberDefault } from './random-number.js';

export const RETURN_AUTHORIZATION_STATES = [
  'requested',
  'authorized',
  'received',
  'canceled',
] as const;
export type ReturnAuthorizationState = (typeof RETURN_AUTHORIZATION_STATES)[number];

/**
 * Permission for units of a placed order to come back (`RA…`): asked for by the shopper
 * (`requested`) or given by staff (`authorized`), `received` once every unit came in,
 * `canceled` when it will not.
 */
@Entity('return_authorizations')
@Index('return_authorizations_order_id_idx', ['orderId'])
export class ReturnAuthorization extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @Column({ type: 'text', default: randomNumberDefault('RA') })
  number: string;

  @Column({ type: 'text' })
  state: ReturnAuthorizationState;

  @Column({ name: 'return_authorization_reason_id', type: 'bigint', nullable: true })
  reasonId: string | null;

  /** Where the units are to be sent back. */
  @Column({ name: 'stock_location_id', type: 'bigint' })
  stockLocationId: string;

  @Column({ type: 'text', nullable: true })
  memo: string | null;

  @Column({ name: 'requested_by_customer', type: 'boolean', default: false })
  requestedByCustomer: boolean;
}
