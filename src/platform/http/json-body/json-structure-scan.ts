import { StoreError } from '../../../common/errors/store-error.js';
import { JSON_BODY_LIMITS } from './json-body-limits.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const LETTER_U = 0x75;

/** What the scan knows of each container it is inside, indexed by depth. */
interface Frames {
  isArray: boolean[];
  /** Commas seen at this level: items or keys so far, less one. */
  commas: number[];
  /** Whether the next string at this level is a key. */
  keyNext: boolean[];
  /** Where the last key of this object starts and ends in the body (its quotes excluded). */
  keyStart: number[];
  keyEnd: number[];
}

/**
 * Holds the raw bytes of a JSON body to `JSON_BODY_LIMITS` (nesting, items per array, keys per
 * object, characters per string) before it is parsed: a body over a cap is refused where the
 * cap is first exceeded, having built no object, and the answer names the field. One pass over
 * the bytes without allocation; what is not valid JSON is left for the parser to refuse.
 */
export function scanJsonStructure(bytes: Uint8Array): void {
  const frames: Frames = { isArray: [], commas: [], keyNext: [], keyStart: [], keyEnd: [] };
  let depth = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      const start = at + 1;
      at = endOfString(bytes, start, frames, depth);
      if (depth > 0 && frames.keyNext[depth - 1]) {
        frames.keyNext[depth - 1] = false;
        frames.keyStart[depth - 1] = start;
        frames.keyEnd[depth - 1] = at;
      }
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (depth >= JSON_BODY_LIMITS.depth)
        throw new StoreError('invalid_request', 'The request is nested too deeply');
      frames.isArray[depth] = byte === OPEN_ARRAY;
      frames.commas[depth] = 0;
      frames.keyNext[depth] = byte === OPEN_OBJECT;
      depth++;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (byte === COMMA && depth > 0) {
      const level = depth - 1;
      const count = ++frames.commas[level] + 1;
      if (frames.isArray[level] && count > JSON_BODY_LIMITS.arrayItems)
        refuse(bytes, frames, level, `must have at most ${JSON_BODY_LIMITS.arrayItems} items`);
      if (!frames.isArray[level]) {
        if (count > JSON_BODY_LIMITS.objectKeys)
          refuse(bytes, frames, level, `must have at most ${JSON_BODY_LIMITS.objectKeys} keys`);
        frames.keyNext[level] = true;
      }
    }
  }
}

/**
 * The index of the quote that closes the string opening at `start`, counting its characters as
 * JavaScript does (UTF-16 units: an escape is one, a four-byte UTF-8 sequence two).
 */
function endOfString(bytes: Uint8Array, start: number, frames: Frames, depth: number): number {
  let length = 0;
  let at = start;
  for (; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) break;
    if (byte === BACKSLASH) {
      at += bytes[at + 1] === LETTER_U ? 5 : 1;
      length++;
    } else if ((byte & 0xc0) !== 0x80) {
      length += byte >= 0xf0 ? 2 : 1;
    }
    if (length > JSON_BODY_LIMITS.stringLength) {
      const limit = `${JSON_BODY_LIMITS.stringLength} characters`;
      if (depth > 0 && frames.keyNext[depth - 1])
        refuse(bytes, frames, depth - 1, `must have keys of at most ${limit}`);
      refuse(bytes, frames, depth, `must be at most ${limit}`);
    }
  }
  return at;
}

/** Refuses the field whose container is at `level` (or, at `depth`, the value being read). */
function refuse(bytes: Uint8Array, frames: Frames, level: number, rule: string): never {
  const names: string[] = [];
  for (let parent = 0; parent < level; parent++) {
    names.push(
      frames.isArray[parent]
        ? String(frames.commas[parent])
        : keyText(bytes, frames.keyStart[parent], frames.keyEnd[parent]),
    );
  }
  const field = names.join('.') || 'body';
  throw new StoreError('validation_error', 'The request failed validation', {
    [field]: [`${field} ${rule}`],
  });
}

function keyText(bytes: Uint8Array, start: number, end: number): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
