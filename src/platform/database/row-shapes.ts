/** A column of a row description, as pg-protocol hands it over. */
interface Field {
  name: string;
  dataTypeID: number;
  format: string;
}

/** What pg's `Result` builds from a row description: the members it reads rows with. */
interface ResultShape {
  fields: Field[];
  /** The client's type parsers (pg sets them before the rows come), when it has its own. */
  _types?: object;
  _parsers?: unknown[];
  _prebuiltEmptyResultObject?: object;
  addFields(fields: Field[]): void;
}

/** The description a named statement's rows came with last, and what pg built from it. */
interface Shape {
  fields: Field[];
  parsers: unknown[] | undefined;
  prebuilt: object | undefined;
}

/** Shapes by type parsers (the client's own, or pg's defaults) and by statement name. */
const shapes = new WeakMap<object, Map<string, Shape>>();
const PG_DEFAULT_TYPES = {};

/**
 * Has the rows of a named prepared statement reuse what pg built from the statement's previous row
 * description. pg builds a value parser per column and an empty row per result, which for a wide
 * row costs more than parsing it (tens of microseconds for forty columns), and PostgreSQL
 * describes a prepared statement's rows afresh at every execution. A description that differs
 * from the last (a column added by a migration, say) is built anew and remembered instead; so
 * are those read with other type parsers.
 */
export function reuseRowShape(result: ResultShape, statement: string): void {
  const build = result.addFields.bind(result);
  result.addFields = (fields) => {
    const types = result._types ?? PG_DEFAULT_TYPES;
    let ofTypes = shapes.get(types);
    if (!ofTypes) shapes.set(types, (ofTypes = new Map()));
    const known = ofTypes.get(statement);
    if (known && sameFields(known.fields, fields)) {
      result.fields = fields;
      result._parsers = known.parsers;
      result._prebuiltEmptyResultObject = known.prebuilt;
      return;
    }
    build(fields);
    ofTypes.set(statement, {
      fields,
      parsers: result._parsers,
      prebuilt: result._prebuiltEmptyResultObject,
    });
  };
}

function sameFields(known: Field[], fields: Field[]): boolean {
  if (known.length !== fields.length) return false;
  for (let index = 0; index < fields.length; index += 1) {
    const [was, is] = [known[index], fields[index]];
    if (was.name !== is.name || was.dataTypeID !== is.dataTypeID || was.format !== is.format) {
      return false;
    }
  }
  return true;
}
