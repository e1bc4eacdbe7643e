import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A subdivision of a country (ISO 3166-2): reference data shared by every store. */
@Entity('states')
export class State {
  @PrimaryColumn({ name: 'country_iso', type: 'char', length: 2 })
  countryIso: string;

  /** The subdivision code without its country prefix: `VA` of `US-VA`. */
  @PrimaryColumn({ type: 'text' })
  abbr: string;

  @Column({ type: 'text' })
  name: string;
}
