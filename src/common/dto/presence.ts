import { ValidateIf } from 'class-validator';

/**
 * Whether a field has to be there, and what `null` means, stated once for every request DTO.
 *
 * class-validator's own `IsOptional` skips the other rules for `null` as well as for an absent
 * field, which lets a `null` through to services that never expect one. It is therefore not used
 * in request DTOs (an ESLint rule keeps it out): a field is either
 * - `Optional()`: it may be left out, but when sent, `null` included, it must pass its other
 *   rules (so `null` is refused like any other value of the wrong type), or
 * - `OptionalNullable()`: it may be left out or be `null`, which means something (clearing the
 *   value, a root category, …): only other values are checked. Document it `nullable: true`.
 */
export const Optional = (): PropertyDecorator =>
  ValidateIf((_: object, value: unknown) => value !== undefined);

/** A field that may be left out, or sent as `null` to clear it (see `Optional`). */
export const OptionalNullable = (): PropertyDecorator =>
  ValidateIf((_: object, value: unknown) => value !== undefined && value !== null);
