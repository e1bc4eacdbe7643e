/** Tags as kept: trimmed, blanks dropped, each once (the first spelling, compared case-insensitively). */
export function tagList(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** `current` with `added` appended (those not already there). */
export function withTags(current: readonly string[], added: readonly string[]): string[] {
  return tagList([...current, ...added]);
}

/** `current` without `removed` (compared case-insensitively). */
export function withoutTags(current: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed.map((tag) => tag.trim().toLowerCase()));
  return current.filter((tag) => !gone.has(tag.toLowerCase()));
}
