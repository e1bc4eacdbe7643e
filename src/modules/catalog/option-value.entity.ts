import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { OptionType } from './option-type.entity.js';

/** One choice of an option type, e.g. Size M. */
@Entity('option_values')
@Index('option_values_option_type_id_name_key', ['optionTypeId', 'name'], { unique: true })
export class OptionValue extends StoreScopedEntity {
  @Column({ name: 'option_type_id', type: 'bigint' })
  optionTypeId: string;

  @ManyToOne('OptionType', 'values', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'option_type_id' })
  optionType?: OptionType;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ name: 'color_code', type: 'text', nullable: true })
  colorCode: string | null;
}
