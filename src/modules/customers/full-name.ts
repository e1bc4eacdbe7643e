/** A person's first and last name as one line; empty when neither is known. */
export function fullName(first: string | null, last: string | null): string {
  return [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
