import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

export const ZONE_KINDS = ['country', 'state'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/**
 * A named set of countries (`kind` country) or of states (`kind` state) that delivery methods
 * and tax rates apply to. A state zone's `countryIsos` are the countries its states belong to;
 * an address is in it only when its state is one of `stateCodes` (see `zoneCovers`).
 */
@Entity('zones')
@Index('zones_store_id_name_key', ['storeId', 'name'], { unique: true })
export class Zone extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', default: 'country' })
  kind: ZoneKind;

  @Column({ name: 'country_isos', type: 'char', length: 2, array: true })
  countryIsos: string[];

  /** ISO 3166-2 codes (`US-VA`) of a state zone; empty for a country zone. */
  @Column({ name: 'state_codes', type: 'text', array: true, default: () => "'{}'" })
  stateCodes: string[];
}
