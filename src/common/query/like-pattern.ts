/** An ILIKE pattern (with `ESCAPE '\'`) matching text that contains `part` literally. */
export function containsPattern(part: string): string {
  return `%${part.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
