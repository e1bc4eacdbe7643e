import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A store's returns settings; a store without a row has the defaults. */
@Entity('return_settings')
export class ReturnSettings {
  @PrimaryColumn({ name: 'store_id', type: 'bigint' })
  storeId: string;

  /** How many days after a unit shipped the shopper may ask to return it. */
  @Column({ name: 'return_window_days', type: 'integer', default: 30 })
  returnWindowDays: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
