import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import { Role } from './role.entity.js';

@Entity('staff_users')
@Index('staff_users_store_id_email_key', ['storeId', 'email'], { unique: true })
export class StaffUser extends StoreScopedEntity {
  @Column({ type: 'text' })
  email: string;

  /** Null while an invited user has not chosen a password: it cannot sign in yet. */
  @Column({ name: 'password_digest', type: 'text', nullable: true })
  passwordDigest: string | null;

  @Column({ name: 'role_id', type: 'bigint' })
  roleId: string;

  @ManyToOne(() => Role, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'role_id' })
  role?: Role;

  /** Set when the user was deactivated: it cannot sign in and its sessions are ended. */
  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;
}
