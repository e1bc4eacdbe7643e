import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/** A store's own version of a mail's templates; a part left null uses the default's. */
@Entity('email_templates')
@Index('email_templates_store_id_name_key', ['storeId', 'name'], { unique: true })
export class EmailTemplate extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;
}
