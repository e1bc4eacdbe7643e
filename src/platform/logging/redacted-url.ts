/** A connection URL as a log line or an error may show it: without its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    // libpq-style connection strings may carry the password as a parameter too.
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
