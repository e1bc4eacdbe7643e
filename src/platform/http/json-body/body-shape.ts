import { createRequire } from 'node:module';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

/** The part of class-transformer's metadata this check reads: which class a property holds. */
interface TypeRules {
  findTypeMetadata(
    target: object,
    propertyName: string,
  ): { typeFunction: () => unknown } | undefined;
}

// The storage ValidationPipe's class-transformer fills: the package's CommonJS build, which it
// only exports under this path.
const typeRules = (
  createRequire(import.meta.url)('class-transformer/cjs/storage.js') as {
    defaultMetadataStorage: TypeRules;
  }
).defaultMetadataStorage;

/** What a request body class says of one property's shape. */
interface PropertyShape {
  name: string;
  /** A list: `IsArray`, or rules applied to each item. */
  list: boolean;
  /** The most items the list may have (`ArrayMaxSize`). */
  maxItems: number | undefined;
  /** One object (a nested body or `IsObject`), never a list. */
  object: boolean;
  /** The body class of the object, or of each item of the list. */
  type: (new () => object) | undefined;
}

const shapes = new Map<object, PropertyShape[]>();

function shapesOf(target: new () => object): PropertyShape[] {
  let known = shapes.get(target);
  if (known) return known;
  const byName = new Map<string, PropertyShape>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    let shape = byName.get(rule.propertyName);
    if (!shape) {
      const type = typeRules.findTypeMetadata(target, rule.propertyName)?.typeFunction();
      shape = {
        name: rule.propertyName,
        list: false,
        maxItems: undefined,
        object: false,
        type:
          typeof type === 'function' && type !== Object ? (type as new () => object) : undefined,
      };
      byName.set(rule.propertyName, shape);
    }
    const name = rule.name;
    if (rule.each || name === 'isArray') shape.list = true;
    if (name === 'arrayMaxSize') shape.maxItems = Number(rule.constraints?.[0]);
    if (name === 'isObject' || (rule.type === ValidationTypes.NESTED_VALIDATION && !rule.each))
      shape.object = true;
  }
  known = [...byName.values()].map((shape) => ({ ...shape, object: shape.object && !shape.list }));
  shapes.set(target, known);
  return known;
}

/** Field path → messages, as in the `validation_error` envelope. */
export type ShapeRefusals = Record<string, string[]>;

/**
 * The fields of a body whose shape its class rules out, found before the body is transformed or
 * validated: a list longer than its `ArrayMaxSize`, or a list where one object is expected, is
 * named without a look at its items. Validating every item of an oversized list costs far more
 * than reading it; once these fields are set aside (`withoutFields`), what the validator walks is
 * bounded by the class's own limits.
 */
export function bodyShapeRefusals(
  body: unknown,
  target: new () => object,
  path = '',
  refusals: ShapeRefusals = {},
): ShapeRefusals {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refusals;
  const fields = body as Record<string, unknown>;
  for (const shape of shapesOf(target)) {
    const value = fields[shape.name];
    if (typeof value !== 'object' || value === null) continue;
    const field = path ? `${path}.${shape.name}` : shape.name;
    if (shape.object && Array.isArray(value)) {
      refusals[field] = [`${field} must be an object, not a list`];
    } else if (shape.list) {
      // A list may come as an object of its items (Rails' `*_attributes` form).
      const items = Array.isArray(value) ? value : Object.values(value);
      if (shape.maxItems !== undefined && items.length > shape.maxItems) {
        refusals[field] = [`${field} must contain no more than ${shape.maxItems} elements`];
      } else if (shape.type) {
        const itemType = shape.type;
        items.forEach((item, index) =>
          bodyShapeRefusals(item, itemType, `${field}.${index}`, refusals),
        );
      }
    } else if (shape.type) {
      bodyShapeRefusals(value, shape.type, field, refusals);
    }
  }
  return refusals;
}

/**
 * The body without the fields at `paths` (dotted, as `bodyShapeRefusals` names them): only the
 * objects and lists on the way to a removed field are copied.
 */
export function withoutFields(body: unknown, paths: string[]): unknown {
  let result = body;
  for (const path of paths) result = without(result, path.split('.'));
  return result;
}

function without(value: unknown, keys: string[]): unknown {
  if (typeof value !== 'object' || value === null || keys.length === 0) return value;
  const [key, ...rest] = keys;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  if (rest.length === 0) delete copy[key];
  else copy[key] = without(copy[key], rest);
  return copy;
}
