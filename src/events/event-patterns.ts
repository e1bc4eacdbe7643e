/**
 * Whether an event name matches a subscription: an exact name, `*` for everything, or a prefix
 * pattern such as `order.*` (any event of the order model, at any depth).
 */
export function matchesEventPattern(pattern: string, name: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return name.startsWith(pattern.slice(0, -1));
  return pattern === name;
}

export function matchesAnyEventPattern(patterns: readonly string[], name: string): boolean {
  return patterns.some((pattern) => matchesEventPattern(pattern, name));
}
