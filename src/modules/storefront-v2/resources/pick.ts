type Fields = Record<string, unknown>;

/** The members of `view` named in `names` (each with its `display_` twin when `withDisplay`). */
export function pick(view: Fields, names: readonly string[]): Fields {
  const picked: Fields = {};
  for (const name of names) if (name in view) picked[name] = view[name];
  return picked;
}

/** `view` without the members named in `names`. */
export function omit(view: Fields, names: readonly string[]): Fields {
  const left: Fields = { ...view };
  for (const name of names) delete left[name];
  return left;
}

/** The amount names given, each followed by its `display_` twin. */
export function withDisplays(amounts: readonly string[]): string[] {
  return amounts.flatMap((name) => [name, `display_${name}`]);
}
