/**
 * What a template may name: `text` (a string, or null when absent), `number`, `flag` (a
 * boolean), an object of named shapes, or a list of one shape (`[shape]`, walked by `#each`).
 */
export type ValueShape =
  'text' | 'number' | 'flag' | readonly [ValueShape] | { readonly [name: string]: ValueShape };

export type ObjectShape = { readonly [name: string]: ValueShape };

export function isListShape(shape: ValueShape): shape is readonly [ValueShape] {
  return Array.isArray(shape);
}

export function isObjectShape(shape: ValueShape): shape is ObjectShape {
  return typeof shape === 'object' && !Array.isArray(shape);
}

/** The shape a name leads to from `shape`, or undefined when `shape` has no such member. */
export function memberOf(shape: ValueShape, name: string): ValueShape | undefined {
  if (isObjectShape(shape)) return Object.hasOwn(shape, name) ? shape[name] : undefined;
  if (isListShape(shape) && (name === 'length' || /^\d+$/.test(name))) {
    return name === 'length' ? 'number' : shape[0];
  }
  return undefined;
}
