import { defaultOptions } from 'sqids';

/**
 * Answers, as sqids' own check does, whether an id holds a word of sqids' default blocklist. sqids
 * tests every word against the id (a regular expression and a search each); this looks each of
 * the id's few substrings up in sets of the words instead. The words are those sqids keeps for
 * an alphabet: three characters or more, lower-cased, every character in the alphabet.
 */
export class BlockedWords {
  /** Words blocked wherever they appear in an id. */
  private readonly anywhere = new Set<string>();
  /** Words with a digit: blocked at the start or the end of an id only. */
  private readonly atEnds = new Set<string>();
  /** Every word: an id of three characters or fewer is blocked when it is one. */
  private readonly whole = new Set<string>();
  private readonly longest: number;

  constructor(alphabet: string) {
    const letters = new Set(alphabet.toLowerCase());
    let longest = 0;
    for (const word of defaultOptions.blocklist) {
      const lower = word.toLowerCase();
      if (lower.length < 3 || ![...lower].every((char) => letters.has(char))) continue;
      this.whole.add(lower);
      // A word of three characters or fewer only ever blocks an id equal to it.
      if (lower.length <= 3) continue;
      (/\d/.test(lower) ? this.atEnds : this.anywhere).add(lower);
      longest = Math.max(longest, lower.length);
    }
    this.longest = longest;
  }

  blocks(id: string): boolean {
    const lower = id.toLowerCase();
    const length = lower.length;
    if (length <= 3) return this.whole.has(lower);
    for (let start = 0; start + 4 <= length; start += 1) {
      const last = Math.min(length, start + this.longest);
      for (let end = start + 4; end <= last; end += 1) {
        const part = lower.slice(start, end);
        if (this.anywhere.has(part)) return true;
        if ((start === 0 || end === length) && this.atEnds.has(part)) return true;
      }
    }
    return false;
  }
}
