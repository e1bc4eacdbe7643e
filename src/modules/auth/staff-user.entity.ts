import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';
import { Store } from '../stores/store.entity.js';
import { Role } from './role.entity.js';

@Entity('staff_users')
@Index('staff_users_store_id_email_key', ['storeId', 'email'], { unique: true })
export class StaffUser extends TimestampedEntity {
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Store;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_digest', type: 'text' })
  passwordDigest: string;

  @Column({ name: 'role_id', type: 'bigint' })
  roleId: string;

  @ManyToOne(() => Role, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'role_id' })
  role?: Role;
}
