import { type ValidationArguments, ValidateBy } from 'class-validator';

/** The names of a comma-separated parameter such as `expand=variants,categories`. */
export function namesIn(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** A comma-separated list whose every name is one of `allowed` (for `expand` and `fields`). */
export function IsNameList(allowed: readonly string[]): PropertyDecorator {
  return ValidateBy({
    name: 'isNameList',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        value.length <= 1000 &&
        namesIn(value).every((name) => allowed.includes(name)),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} may only name: ${allowed.join(', ')}`,
    },
  });
}

/** Only the named members of a view, plus `id` and the members `kept` (expanded relations). */
export function pickFields<View extends { id: string }>(
  view: View,
  fields: readonly string[],
  kept: readonly string[] = [],
): Partial<View> & { id: string } {
  if (fields.length === 0) return view;
  const picked: Record<string, unknown> = { id: view.id };
  for (const name of [...fields, ...kept]) {
    if (Object.hasOwn(view, name)) picked[name] = view[name as keyof View];
  }
  return picked as Partial<View> & { id: string };
}
