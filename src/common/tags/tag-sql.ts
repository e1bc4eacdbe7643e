/**
 * SQL for a `tags` column (`column`) with the names of a text[] parameter (`names`) added after
 * its own, in the order given, each once.
 */
export function addedTagsSql(column: string, names: string): string {
  return `(${column} || ARRAY(SELECT name FROM unnest(${names}::text[]) WITH ORDINALITY AS t(name, n)
    WHERE name <> ALL(${column}) ORDER BY n))`;
}

/** SQL for a `tags` column without the names of a text[] parameter, the others in their order. */
export function removedTagsSql(column: string, names: string): string {
  return `ARRAY(SELECT name FROM unnest(${column}) WITH ORDINALITY AS t(name, n)
    WHERE name <> ALL(${names}::text[]) ORDER BY n)`;
}
