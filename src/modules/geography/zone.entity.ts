import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/** A named set of countries that shipping methods and tax rates apply to. */
@Entity('zones')
@Index('zones_store_id_name_key', ['storeId', 'name'], { unique: true })
export class Zone extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'country_isos', type: 'char', length: 2, array: true })
  countryIsos: string[];
}
