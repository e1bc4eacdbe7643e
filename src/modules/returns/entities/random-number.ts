/** The SQL default of a number drawn at random when a row is inserted: `prefix` and 9 digits. */
export const randomNumberDefault = (prefix: string) => () =>
  `('${prefix}' || lpad(floor(random() * 1000000000)::bigint::text, 9, '0'))`;
