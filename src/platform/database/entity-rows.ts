import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

const selectLists = new WeakMap<object, Map<string, string>>();
const columnProperties = new WeakMap<object, string[]>();

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
 * The entity a row selected with `entityColumns` stands for: a new instance with each column's
 * value copied from the row (what TypeORM's `create` does for a flat entity, without walking its
 * relations and embeddeds, which cost more here than the rest of reading the row). The driver
 * has already given each value the type TypeORM would (bigint and numeric as strings, timestamps
 * as Dates, JSON parsed); entities whose columns have transformers must not be read this way.
 */
export function entityFromRow<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  const metadata = manager.connection.getMetadata(target);
  let properties = columnProperties.get(metadata);
  if (properties === undefined) {
    properties = metadata.columns.map((column) => column.propertyPath);
    columnProperties.set(metadata, properties);
  }
  const entity = metadata.create() as Record<string, unknown>;
  for (const property of properties) {
    const value = row[property];
    if (value !== undefined) entity[property] = value;
  }
  return entity as T;
}
