import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { OptionValue } from './option-value.entity.js';
import type { Variant } from './variant.entity.js';

/** Which option values a variant is, e.g. Size M and Color Blue. */
@Entity('variant_option_values')
@Index('variant_option_values_option_value_id_idx', ['optionValueId'])
export class VariantOptionValue {
  @PrimaryColumn({ name: 'variant_id', type: 'bigint' })
  variantId: string;

  @PrimaryColumn({ name: 'option_value_id', type: 'bigint' })
  optionValueId: string;

  @ManyToOne('Variant', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;

  @ManyToOne('OptionValue', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'option_value_id' })
  optionValue?: OptionValue;
}
