import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import { Role } from './role.entity.js';

@Entity('staff_users')
@Index('staff_users_store_id_email_key', ['storeId', 'email'], { unique: true })
export class StaffUser extends StoreScopedEntity {
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
