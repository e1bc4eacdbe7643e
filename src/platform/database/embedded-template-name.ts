import { createHash } from 'node:crypto';
import { MIGRATIONS } from './migrations/index.js';

/**
 * A name for the migrated embedded database of this code: it changes whenever the list of
 * migrations does, so a template is never used for another schema. Its own module so that
 * `npm start` can look for the template without loading the database libraries.
 */
export function embeddedTemplateName(): string {
  const migrations = MIGRATIONS.map((migration) => migration.name).join(',');
  return `store-embedded-${createHash('sha256').update(migrations).digest('hex').slice(0, 16)}.tar`;
}
