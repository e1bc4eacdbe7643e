import { Column, Entity, PrimaryColumn } from 'typeorm';

/** ISO 3166-1 reference data, shared by every store. */
@Entity('countries')
export class Country {
  @PrimaryColumn({ type: 'char', length: 2 })
  iso: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'states_required', type: 'boolean', default: false })
  statesRequired: boolean;

  @Column({ name: 'zipcode_required', type: 'boolean', default: true })
  zipcodeRequired: boolean;
}
