import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/** A named set of scopes that staff users are granted, e.g. `admin` → `write_all`. */
@Entity('roles')
@Index('roles_store_id_name_key', ['storeId', 'name'], { unique: true })
export class Role extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];
}
