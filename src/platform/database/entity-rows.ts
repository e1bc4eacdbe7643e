import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

const selectLists = new WeakMap<object, Map<string, string>>();

/**
 * The select list of every column of an entity, each named as its property, so that a raw (or
 * prepared) statement can return rows that `entityFromRow` turns into the entity. Built from the
 * entity's metadata once per alias, so it follows the entity's columns.
 */
export function entityColumns(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  alias: string,
): string {
  const metadata = manager.connection.getMetadata(target);
  let lists = selectLists.get(metadata);
  if (lists === undefined) selectLists.set(metadata, (lists = new Map()));
  let list = lists.get(alias);
  if (list === undefined) {
    list = metadata.columns
      .map((column) => `"${alias}"."${column.databaseName}" AS "${column.propertyPath}"`)
      .join(', ');
    lists.set(alias, list);
  }
  return list;
}

/**
 * The entity a row selected with `entityColumns` stands for. The driver has already given each
 * value the type TypeORM would (bigint and numeric as strings, timestamps as Dates, JSON parsed);
 * entities whose columns have transformers must not be read this way.
 */
export function entityFromRow<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  return manager.create(target, row as T);
}
