import { opaqueArray } from '../../platform/database/prepared-sql.js';

/** `unnest` of the array parameters $1…$n, of these element types, each an `opaqueArray`. */
export function unnestParameters(types: readonly string[]): string {
  return `unnest(${types.map((type, index) => opaqueArray(index + 1, type)).join(', ')})`;
}

/**
 * A `FROM` item that lets the statement's transaction commit without waiting for its WAL to reach
 * the disk (`synchronous_commit` off until that transaction ends). The commit is visible at once
 * and survives any crash of the application; only a crash of the database server in the fraction
 * of a second before the WAL writer's next flush can lose it.
 */
export const COMMIT_WITHOUT_DISK_WAIT = `LATERAL (SELECT set_config('synchronous_commit', 'off', true)) AS commit_without_disk_wait`;
