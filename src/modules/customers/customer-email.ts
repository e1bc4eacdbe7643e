/** Emails are compared and stored trimmed and lower-cased, so uniqueness is case-insensitive. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `normalizeEmail` for raw input, before it is known to be a string. */
export function normalizeEmailInput(value: unknown): unknown {
  return typeof value === 'string' ? normalizeEmail(value) : value;
}
