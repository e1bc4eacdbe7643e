const BLOCK_END =
  /<\/(p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|section|article)\s*>|<br\s*\/?>/gi;
const UNRENDERED = /<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi;
const TAG = /<[^>]*>/g;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * The plain text of a policy's HTML (the client's `body`): blocks and line breaks become lines,
 * tags and what browsers never show (scripts, styles) are left out, entities are decoded.
 */
export function plainTextOf(html: string): string {
  const text = decodeEntities(
    html.replace(UNRENDERED, '').replace(BLOCK_END, '\n').replace(TAG, ''),
  );
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}
