/** A JSON token written verbatim (numbers JavaScript cannot hold: `1e400`, 30 digits, `-0.0`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of members: keys may repeat, and `__proto__` is an ordinary key. */
export class JsonMembers {
  constructor(readonly members: [string, JsonValue][]) {}
}

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | RawJson
  | JsonMembers
  | JsonValue[]
  | { [key: string]: JsonValue };

/** Punctuation waiting on the serializer's stack. */
class Token {
  constructor(readonly text: string) {}
}

/** JSON text of a value; iterative so that deeply nested values serialize too. */
export function jsonText(value: JsonValue): string {
  const out: string[] = [];
  const stack: (JsonValue | Token)[] = [value];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof Token || node instanceof RawJson) out.push(node.text);
    else if (node === null || typeof node !== 'object') out.push(JSON.stringify(node) ?? 'null');
    else {
      const isArray = Array.isArray(node);
      const members: [string | undefined, JsonValue][] = isArray
        ? node.map((element) => [undefined, element])
        : node instanceof JsonMembers
          ? node.members
          : Object.entries(node);
      out.push(isArray ? '[' : '{');
      stack.push(new Token(isArray ? ']' : '}'));
      for (let index = members.length - 1; index >= 0; index--) {
        const [key, element] = members[index];
        stack.push(element);
        if (key !== undefined) stack.push(new Token(`${JSON.stringify(key)}:`));
        if (index > 0) stack.push(new Token(','));
      }
    }
  }
  return out.join('');
}
