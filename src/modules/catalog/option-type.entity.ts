import { Column, Entity, Index, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { OptionValue } from './option-value.entity.js';

/** A dimension variants differ in, e.g. Size or Color. */
@Entity('option_types')
@Index('option_types_store_id_name_key', ['storeId', 'name'], { unique: true })
export class OptionType extends StoreScopedEntity {
  /** Stable key, e.g. `size`. */
  @Column({ type: 'text' })
  name: string;

  /** What shoppers read, e.g. `Size`. */
  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  /** How a storefront offers the choice: `dropdown`, `color_swatch`, `buttons`. */
  @Column({ type: 'text', default: 'dropdown' })
  kind: string;

  @OneToMany('OptionValue', 'optionType')
  values?: OptionValue[];
}
