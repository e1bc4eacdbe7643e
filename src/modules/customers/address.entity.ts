import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import { Customer } from './customer.entity.js';

/** A postal address in a customer's address book. */
@Entity('addresses')
@Index('addresses_customer_id_idx', ['customerId'])
export class Address extends StoreScopedEntity {
  @Column({ name: 'customer_id', type: 'bigint', nullable: true })
  customerId: string | null;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id' })
  customer?: Customer;

  @Column({ type: 'text' })
  firstname: string;

  @Column({ type: 'text', nullable: true })
  lastname: string | null;

  @Column({ type: 'text', nullable: true })
  company: string | null;

  @Column({ type: 'text' })
  address1: string;

  @Column({ type: 'text', nullable: true })
  address2: string | null;

  @Column({ type: 'text' })
  city: string;

  @Column({ type: 'text', nullable: true })
  zipcode: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'state_name', type: 'text', nullable: true })
  stateName: string | null;

  @Column({ name: 'country_iso', type: 'char', length: 2 })
  countryIso: string;
}
